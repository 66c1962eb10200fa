/// A test that failed, as the testing library said it: the test, where its first failure was
/// recorded, and the message. Reports name these so that a red run says what to fix.
public struct TestFailure: Sendable, Hashable, Codable {
  /// As the library prints it: `PriceTests.testTax` (XCTest), `californiaTax()` (Swift Testing).
  public var test: String
  /// `File.swift:23` (the library's own file name or path, as printed), when it says.
  public var location: String?
  public var message: String

  public init(test: String, location: String?, message: String) {
    self.test = test
    self.location = location
    self.message = message
  }

  /// `PriceTests.testTax (PriceTests.swift:23): XCTAssertEqual failed`.
  public var line: String {
    "\(test)\(location.map { " (\($0))" } ?? ""): \(message)"
  }
}
