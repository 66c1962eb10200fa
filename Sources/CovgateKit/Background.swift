import CoverageModel
import Foundation
import Synchronization

/// Work started on its own thread at once; `value()` waits for its result. Lets an export be
/// read on one core while the package and its sources are read on the other.
final class Background<T>: @unchecked Sendable {
  private let finished = DispatchSemaphore(value: 0)
  private var result: Result<T, any Error>?
  /// Touched by the work's thread only, until `finished` is signalled.
  private var work: (() throws -> T)?

  init(_ work: @escaping () throws -> T) {
    self.work = work
    let thread = Thread { [self] in
      HugePages.adviseThisThreadsHeap()
      result = Result { try self.work!() }
      self.work = nil
      finished.signal()
    }
    thread.stackSize = 8 << 20
    thread.start()
  }

  /// The work's result, or its error; waits until it is done.
  func value() throws -> T {
    finished.wait()
    finished.signal()
    return try result!.get()
  }

  /// The work's result, given up by this `Background` (taken once: the caller decides when
  /// and where it is freed).
  func take() throws -> T {
    finished.wait()
    finished.signal()
    defer { result = nil }
    return try result!.get()
  }
}

/// Lets a large value go on a thread of its own: freeing tens of thousands of records need not
/// hold up the run (nor, at its end, the exit).
///
/// In a process that ends with its run (the command line: `leaveToExit()`), nothing is freed:
/// the exit returns the memory at once, as compilers do (clang's `-disable-free`), and the
/// pages are not slowed down by a thread freeing records.
public enum Discard {
  private static let leavingToExit = Atomic<Bool>(false)

  /// From now on, values let go are left to the process's exit.
  public static func leaveToExit() { leavingToExit.store(true, ordering: .relaxed) }

  public static func onAnotherThread<T>(_ value: consuming T) {
    let parcel = Parcel(value)
    guard !leavingToExit.load(ordering: .relaxed) else {
      _ = Unmanaged.passRetained(parcel)  // never released: the exit frees it
      return
    }
    Thread { parcel.value = nil }.start()
  }

  /// Runs `body` with values let go left to the exit or freed, as asked (for tests).
  static func with<Result>(leavingToExit leaving: Bool, _ body: () throws -> Result) rethrows
    -> Result
  {
    let before = leavingToExit.exchange(leaving, ordering: .relaxed)
    defer { leavingToExit.store(before, ordering: .relaxed) }
    return try body()
  }

  private final class Parcel<T>: @unchecked Sendable {
    var value: T?
    init(_ value: T) { self.value = value }
  }
}
