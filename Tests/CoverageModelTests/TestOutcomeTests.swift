import XCTest

@testable import CoverageModel

/// The sentence every report gives a red run names the tests that did not pass and how each
/// ended: a test that ran out of time is named with its time, not only counted.
final class TestOutcomeTests: XCTestCase {
  private func result(_ id: String, _ status: TestCaseResult.Status, _ seconds: Double = 0.2)
    -> TestCaseResult
  {
    TestCaseResult(id: id, library: .xctest, status: status, seconds: seconds)
  }

  func testATimedOutTestIsNamedWithItsTime() {
    let outcome = TestOutcome(
      passed: false, exitCode: 1,
      results: [
        result("P.A/testOne", .passed), result("P.B/testHangs", .timedOut, 15.02),
        result("P.A/testTwo", .passed),
      ])
    XCTAssertEqual(
      outcome.detail,
      "1 of 3 tests did not pass: P.B/testHangs (timed out after 15 s); the coverage below is from the run as it went"
    )
  }

  func testAtMostThreeAreNamed() {
    let outcome = TestOutcome(
      passed: false, exitCode: 1,
      results: (1...5).map { result("P.A/test\($0)", $0 == 2 ? .timedOut : .failed, 3) })
    XCTAssertEqual(
      outcome.detail,
      "5 of 5 tests did not pass: P.A/test1 (failed), P.A/test2 (timed out after 3 s), P.A/test3 (failed), ...; the coverage below is from the run as it went"
    )
  }

  func testTheFailedTestLinesOfAPerTestRunIncludeTheTimedOut() {
    let outcome = TestOutcome(
      passed: false, exitCode: 1,
      results: [
        result("P.A/testFails", .failed), result("P.B/testHangs", .timedOut, 15.4),
        result("P.A/testPasses", .passed),
      ])
    XCTAssertEqual(
      outcome.failedTestLines, ["P.A/testFails", "P.B/testHangs: timed out after 15 s"])
  }
}
