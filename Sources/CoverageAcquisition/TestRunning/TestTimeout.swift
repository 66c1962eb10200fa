import Foundation

/// `swift test` ran longer than `--timeout`: covgate stopped it and every process it started.
/// A test failure (exit code 3), not an input error; reports are still written when the tests
/// that finished left coverage.
public struct TestTimeout: Error, Equatable, CustomStringConvertible {
  /// The time limit, in seconds.
  public var seconds: TimeInterval

  public init(seconds: TimeInterval) {
    self.seconds = seconds
  }

  public var description: String {
    let limit =
      seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%g", seconds)
    return
      "the tests timed out after \(limit) s, so covgate stopped `swift test` and every process it started; find the test that hangs, or raise --timeout"
  }
}
