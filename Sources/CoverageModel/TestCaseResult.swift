/// One test, run in a process of its own, and how it ended.
public struct TestCaseResult: Sendable, Hashable, Codable {
  /// The testing library that ran it.
  public enum Library: String, Sendable, Hashable, Codable, CaseIterable {
    case xctest = "XCTest"
    case swiftTesting = "Swift Testing"
  }

  public enum Status: String, Sendable, Hashable, Codable {
    case passed, failed
    /// Ended by a signal (a trap, a force-unwrap of nil, `fatalError`): no coverage was written.
    case crashed
    /// Stopped past `--timeout`.
    case timedOut = "timed-out"
  }

  /// As the library lists it, e.g. `PricingTests.PriceTests/testTax` or
  /// `PricingTests.TaxSuite/californiaTax()`.
  public var id: String
  public var library: Library
  public var status: Status
  /// The signal that ended a crashed test.
  public var signal: Int32?
  /// Wall-clock time of its process.
  public var seconds: Double

  /// `timed out after 15 s`: how every report names a test stopped at its limit.
  public var timedOutText: String { "timed out after \(Int(seconds.rounded())) s" }

  public init(id: String, library: Library, status: Status, signal: Int32? = nil, seconds: Double) {
    self.id = id
    self.library = library
    self.status = status
    self.signal = signal
    self.seconds = seconds
  }
}
