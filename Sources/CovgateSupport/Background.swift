import Foundation

/// Work started on its own thread at once; `value()` waits for its result. Lets an export be
/// read on one core while the package and its sources are read on the other.
public final class Background<T>: @unchecked Sendable {
  private let finished = DispatchSemaphore(value: 0)
  private var result: Result<T, any Error>?
  /// Touched by the work's thread only, until `finished` is signalled.
  private var work: (() throws -> T)?

  public init(_ work: @escaping () throws -> T) {
    self.work = work
    Threads.start { [self] in
      result = Result { try self.work!() }
      self.work = nil
      finished.signal()
    }
  }

  /// The work's result, or its error; waits until it is done.
  public func value() throws -> T {
    finished.wait()
    finished.signal()
    return try result!.get()
  }

  /// The work's result, given up by this `Background` (taken once: the caller decides when
  /// and where it is freed).
  public func take() throws -> T {
    finished.wait()
    finished.signal()
    defer { result = nil }
    return try result!.get()
  }
}
