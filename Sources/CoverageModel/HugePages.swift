import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Transparent huge pages for glibc's heaps, as its `glibc.malloc.hugetlb=1` tunable asks for
/// them, from inside the process (tunables are read before `main`).
///
/// A run touches some 25 MB of fresh heap, one 4 KiB page fault each (about 6,000 of them, a
/// tenth of the run's CPU on a virtual machine); with huge pages a fault maps 2 MiB. The heaps
/// are only advised (`madvise(MADV_HUGEPAGE)`): where the system does not give huge pages,
/// nothing changes. Memory grows by what the huge pages touched leave unused (swift-collections'
/// HTML report: a peak of 47 MiB instead of 40).
public enum HugePages {
  /// glibc's `HEAP_MAX_SIZE` on 64-bit systems: every heap of a thread's arena is aligned to
  /// it, so the heap of a chunk is its address rounded down (glibc's own `heap_for_ptr`).
  static let arenaHeapSize: UInt = 64 << 20
  private static let hugePageSize: UInt = 2 << 20
  static let probeSize = 2048

  private static let enabled = Atomic<Bool>(false)
  /// The bases of the thread heaps advised.
  private static let advised = Mutex<Set<UInt>>([])

  /// Advises huge pages for the main heap (grown now by glibc's top pad, taking up to `growth`
  /// bytes of its free room first) and from now on for the heap of every thread that calls
  /// `adviseThisThreadsHeap()`; not when `GLIBC_TUNABLES` says how glibc uses huge pages. True
  /// when turned on.
  @discardableResult
  public static func enable(tunables: String?, growth: Int) -> Bool {
    #if os(Linux)
      guard tunables?.contains("hugetlb") != true else { return false }
      adviseMainHeap(growingBy: growth)
      enabled.store(true, ordering: .relaxed)
      return true
    #else
      return false
    #endif
  }

  /// Advises huge pages for the calling thread's heap once enabled, once per thread (a relaxed
  /// load otherwise, and a thread-specific value after the first call).
  public static func adviseThisThreadsHeap() {
    #if os(Linux)
      guard enabled.load(ordering: .relaxed), pthread_getspecific(threadAdvised) == nil else {
        return
      }
      _ = pthread_setspecific(threadAdvised, UnsafeRawPointer(bitPattern: 1))
      adviseHeap()
    #endif
  }

  #if os(Linux)
    /// Set on a thread once it advised its heap: each worker of a concurrent map asks per element.
    private static let threadAdvised: pthread_key_t = {
      var key = pthread_key_t()
      _ = pthread_key_create(&key, nil)
      return key
    }()
  #endif

  /// Advises huge pages for the heap the calling thread allocates from, unless it is the main
  /// heap or was advised already; the heap's base, or nil when it was not advised.
  @discardableResult
  static func adviseHeap() -> UInt? {
    #if os(Linux)
      // Larger than the per-thread cache holds (1 KiB), which can hand back a block another
      // arena's thread freed: a block this size comes from the thread's own arena.
      guard let probe = malloc(probeSize) else { return nil }
      let address = UInt(bitPattern: probe)
      free(probe)
      // The main heap lies below the break; thread heaps are mapped above it.
      guard address >= UInt(bitPattern: sbrk(0)) else { return nil }
      let base = address & ~(arenaHeapSize - 1)
      guard advised.withLock({ $0.insert(base).inserted }) else { return nil }
      _ = madvise(UnsafeMutableRawPointer(bitPattern: base), Int(arenaHeapSize), MADV_HUGEPAGE)
      return base
    #else
      return nil
    #endif
  }

  /// Grows the main heap now, by glibc's top pad, and advises huge pages for its top from the
  /// first block taken on; the range advised. Blocks are taken from the heap until it grows,
  /// up to `growth` bytes of them (a heap with more free room than that is not grown), then
  /// given back: the heap's top, which glibc keeps a top pad long, starts at the first.
  @discardableResult
  static func adviseMainHeap(growingBy growth: Int) -> Range<UInt> {
    #if os(Linux)
      let start = UInt(bitPattern: sbrk(0))
      // Blocks below the mmap threshold come from the heap's free room, then its top: once
      // they outgrow it, glibc extends the heap (by the block and the top pad). Only their
      // headers are written.
      var blocks: [UnsafeMutableRawPointer] = []
      let block = 64 << 10
      while UInt(bitPattern: sbrk(0)) == start, blocks.count * block <= growth + block,
        let allocated = malloc(block)
      {
        blocks.append(allocated)
      }
      let lowest = blocks.map { UInt(bitPattern: $0) }.min() ?? start
      for allocated in blocks.reversed() { free(allocated) }
      let end = UInt(bitPattern: sbrk(0))
      let first = (lowest + hugePageSize - 1) & ~(hugePageSize - 1)
      guard end > first else { return 0..<0 }
      _ = madvise(UnsafeMutableRawPointer(bitPattern: first), Int(end - first), MADV_HUGEPAGE)
      return first..<end
    #else
      return 0..<0
    #endif
  }
}
