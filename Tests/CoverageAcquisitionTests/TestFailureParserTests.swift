import CoverageModel
import XCTest

@testable import CoverageAcquisition

/// The failed tests named from `swift test`'s own output (lines copied from a real run of
/// Swift 6.3 on Linux: XCTest and Swift Testing in one package).
final class TestFailureParserTests: XCTestCase {
  static let output = """
    [3/3] Linking KPackageTests.xctest
    Test Suite 'All tests' started at 2026-11-26 16:45:01.100
    /tmp/st/Tests/KTests/KTests.swift:16: error: XTests.testTwo : XCTAssertEqual failed: ("2") is not equal to ("5") - xctest says
    Test Case 'XTests.testTwo' failed (0.001 seconds)
    /tmp/st/Tests/KTests/KTests.swift:17: error: XTests.testTwo : XCTAssertTrue failed
    ✘ Test twoIsThree() recorded an issue at KTests.swift:6:3: Expectation failed: (two() → 2) == 3
    ✘ Test "named test" recorded an issue at KTests.swift:11:9: Expectation failed: (two() → 2) == 4
    ✘ Test twoIsThree() failed after 0.001 seconds with 1 issue.
    ✘ Test run with 2 tests in 1 suite failed after 0.001 seconds with 2 issues.
    /tmp/st/Sources/K/K.swift:3:5: error: cannot find 'x' in scope
    error: fatalError
    """

  func testEachFailedTestIsNamedOnceWithItsFirstFailure() {
    XCTAssertEqual(
      TestFailureParser.failures(in: Self.output),
      [
        TestFailure(
          test: "XTests.testTwo", location: "KTests.swift:16",
          message: #"XCTAssertEqual failed: ("2") is not equal to ("5") - xctest says"#),
        TestFailure(
          test: "twoIsThree()", location: "KTests.swift:6",
          message: "Expectation failed: (two() → 2) == 3"),
        TestFailure(
          test: #""named test""#, location: "KTests.swift:11",
          message: "Expectation failed: (two() → 2) == 4"),
      ])
  }

  func testCompilerErrorsAndSummariesAreNotTests() {
    XCTAssertEqual(
      TestFailureParser.failures(
        in:
          "/tmp/K.swift:3:5: error: cannot find 'x' in scope\n✘ Test run with 2 tests failed after 0.1 seconds.\n"
      ),
      [])
  }

  func testAFailedRunSaysWhichTestsFailed() {
    let failure = TestRunFailure(exitCode: 1, failures: TestFailureParser.failures(in: Self.output))
    XCTAssertTrue(
      failure.description.contains(
        #"failed: XTests.testTwo (KTests.swift:16): XCTAssertEqual failed"#), failure.description)
  }
}
