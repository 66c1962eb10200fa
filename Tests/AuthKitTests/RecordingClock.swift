import Foundation

/// A clock whose sleeps return at once and are recorded, so a timeout fires without waiting.
final class RecordingClock: Clock, @unchecked Sendable {
  struct Instant: InstantProtocol {
    var offset: Duration

    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private let lock = NSLock()
  private var current = Instant(offset: .zero)
  private var recorded: [Duration] = []

  var now: Instant { lock.withLock { current } }
  var minimumResolution: Duration { .zero }
  /// Every sleep asked for, in order.
  var sleeps: [Duration] { lock.withLock { recorded } }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try Task.checkCancellation()
    lock.withLock {
      recorded.append(current.duration(to: deadline))
      current = deadline
    }
  }
}
