import NetworkKit

/// Counts `cancel()` calls.
final class SpyCancellable: Cancellable {
  private(set) var cancelCount = 0

  func cancel() {
    cancelCount += 1
  }
}
