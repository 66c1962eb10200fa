import CoverageModel

/// Finds the failed tests in `swift test`'s output: XCTest's `FILE:LINE: error: TEST : MESSAGE`
/// lines and Swift Testing's `✘ Test NAME recorded an issue at FILE:LINE:COLUMN: MESSAGE`;
/// the first failure of each test, in the order they came.
public enum TestFailureParser {
  public static func failures(in output: String) -> [TestFailure] {
    var found: [TestFailure] = []
    var seen = Set<String>()
    for line in output.split(separator: "\n", omittingEmptySubsequences: true) {
      guard let failure = xctest(line) ?? swiftTesting(line), seen.insert(failure.test).inserted
      else { continue }
      found.append(failure)
    }
    return found
  }

  /// `/path/PriceTests.swift:23: error: PriceTests.testTax : XCTAssertEqual failed: ...`
  static func xctest(_ line: Substring) -> TestFailure? {
    guard let error = line.range(of: ": error: ") else { return nil }
    let place = line[..<error.lowerBound]
    let rest = line[error.upperBound...]
    guard let separator = rest.range(of: " : "), let colon = place.lastIndex(of: ":"),
      Int(place[place.index(after: colon)...]) != nil
    else { return nil }
    let test = rest[..<separator.lowerBound]
    guard !test.isEmpty, !test.contains(" ") else { return nil }
    let file = place[..<colon].split(separator: "/").last ?? place[..<colon]
    return TestFailure(
      test: String(test), location: "\(file):\(place[place.index(after: colon)...])",
      message: String(rest[separator.upperBound...]))
  }

  /// `✘ Test californiaTax() recorded an issue at TaxSuite.swift:12:5: Expectation failed: ...`
  static func swiftTesting(_ line: Substring) -> TestFailure? {
    guard let start = line.range(of: "Test "), line[..<start.lowerBound].contains("✘"),
      let issue = line.range(of: " recorded an issue at ", range: start.upperBound..<line.endIndex)
    else { return nil }
    let test = line[start.upperBound..<issue.lowerBound]
    let rest = line[issue.upperBound...]
    // FILE:LINE:COLUMN: MESSAGE
    let parts = rest.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
    guard parts.count == 4, Int(parts[1]) != nil, Int(parts[2]) != nil else { return nil }
    return TestFailure(
      test: String(test), location: "\(parts[0]):\(parts[1])",
      message: String(parts[3].drop { $0 == " " }))
  }
}
