import CoverageModel
import XCTest

/// What `tests-for` answers: the tests of the function holding a line, none when that function
/// never ran, and why not for a file or a line the map does not cover.
final class TestMapAnswerTests: XCTestCase {
  private let map = TestMap(
    commit: "c", binaries: [],
    tests: [
      TestCaseResult(id: "T.A/testOne", library: .xctest, status: .passed, seconds: 0),
      TestCaseResult(id: "T.A/testTwo", library: .xctest, status: .passed, seconds: 0),
    ],
    functions: [
      TestMap.Function(name: "f", file: "Sources/P/F.swift", firstLine: 3, lastLine: 9),
      TestMap.Function(name: "g", file: "Sources/P/F.swift", firstLine: 12, lastLine: 14),
    ],
    ran: [[0], [0]])

  func testALineInAFunctionThatRanGivesItsTests() {
    XCTAssertEqual(
      map.answer(file: "Sources/P/F.swift", line: 5).testIDs, ["T.A/testOne", "T.A/testTwo"])
  }

  func testAFunctionThatNeverRanGivesNoTest() {
    XCTAssertEqual(map.answer(file: "Sources/P/F.swift", line: 13), .tests([]))
  }

  func testALineBetweenFunctionsOrAFileNotInTheMapIsSaidSo() {
    XCTAssertEqual(map.answer(file: "Sources/P/F.swift", line: 10), .outsideFunctions(lines: 3...14))
    XCTAssertEqual(map.answer(file: "Sources/P/F.swift", line: 9999), .outsideFunctions(lines: 3...14))
    XCTAssertEqual(map.answer(file: "Tests/PTests/FTests.swift", line: 5), .fileNotInMap)
  }
}

extension TestMap.LineAnswer {
  fileprivate var testIDs: [String] {
    if case .tests(let tests) = self { return tests.map(\.id) }
    return []
  }
}
