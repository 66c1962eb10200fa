import CoverageModel
import Foundation

/// How the C allocator grows its heaps, set once when covgate starts.
///
/// glibc gives each thread that allocates a heap of its own (an arena) and makes it writable a
/// page at a time as it grows, with an `mprotect` call per page; each call takes the process's
/// memory map lock, which the page faults of every other thread wait on. The threads reading an
/// export each fill a few megabytes: thousands of calls, and reading threads stalled on each
/// other. With a top pad of 16 MiB a new heap is writable to that size from the start (memory
/// is only used once touched) and the main heap grows in steps of that size.
enum HeapGrowth {
  /// glibc's `M_TOP_PAD` parameter of `mallopt` (malloc.h).
  private static let topPadParameter: Int32 = -2
  static let topPad: Int32 = 16 << 20

  /// Sets the top pad unless the tunables (`GLIBC_TUNABLES`) set one; true when glibc took it.
  @discardableResult
  static func reserveLargeSteps(tunables: String? = userTunables()) -> Bool {
    #if os(Linux)
      typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
      guard tunables?.contains("top_pad") != true,
        // `mallopt` is glibc's alone (malloc.h is not among Swift's imported headers).
        let mallopt = CLibrary.function("mallopt", as: Mallopt.self)
      else { return false }
      return mallopt(topPadParameter, topPad) == 1
    #else
      return false
    #endif
  }

  /// `GLIBC_TUNABLES`, read alone: the whole environment as a dictionary costs a quarter of a
  /// millisecond this early, before the export is read ahead.
  static func userTunables() -> String? {
    getenv("GLIBC_TUNABLES").map { String(cString: $0) }
  }
}
