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

  /// A line no test ran is said to be one, with the tests that ran its function.
  func testALineThatNeverRanIsSaidSoWithItsFunctionsTests() {
    var withLines = map
    withLines.linesNeverRun = ["Sources/P/F.swift": [[6, 7]]]
    XCTAssertEqual(
      withLines.answer(file: "Sources/P/F.swift", line: 7),
      .lineNeverRan(functionTests: Array(map.tests)))
    XCTAssertEqual(
      withLines.answer(file: "Sources/P/F.swift", line: 5).testIDs, ["T.A/testOne", "T.A/testTwo"])
    XCTAssertEqual(
      map.answer(file: "Sources/P/F.swift", line: 7).testIDs, ["T.A/testOne", "T.A/testTwo"],
      "no line data")
    // In a function no test ran, that is the answer.
    withLines.linesNeverRun = ["Sources/P/F.swift": [[13, 13]]]
    XCTAssertEqual(withLines.answer(file: "Sources/P/F.swift", line: 13), .tests([]))
  }

  /// Shards' maps: a line never run is one no shard ran.
  func testMergedMapsKeepOnlyLinesNoShardRan() throws {
    var first = map
    first.linesNeverRun = ["Sources/P/F.swift": [[5, 8], [13, 14]]]
    var second = map
    second.linesNeverRun = ["Sources/P/F.swift": [[4, 6], [14, 14]]]
    let merged = try XCTUnwrap(TestMap.merged([first, second]))
    XCTAssertEqual(merged.linesNeverRun, ["Sources/P/F.swift": [[5, 6], [14, 14]]])
    XCTAssertNil(TestMap.merged([first, map])?.linesNeverRun, "a map without line data")
    XCTAssertEqual(TestMap.runs(of: [9, 3, 4, 5, 9, 7]), [[3, 5], [7, 7], [9, 9]])
  }

  func testALineBetweenFunctionsOrAFileNotInTheMapIsSaidSo() {
    XCTAssertEqual(
      map.answer(file: "Sources/P/F.swift", line: 10), .outsideFunctions(lines: 3...14))
    XCTAssertEqual(
      map.answer(file: "Sources/P/F.swift", line: 9999), .outsideFunctions(lines: 3...14))
    XCTAssertEqual(map.answer(file: "Tests/PTests/FTests.swift", line: 5), .fileNotInMap)
  }
}

extension TestMap.LineAnswer {
  fileprivate var testIDs: [String] {
    if case .tests(let tests) = self { return tests.map(\.id) }
    return []
  }
}
