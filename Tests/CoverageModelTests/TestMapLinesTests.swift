import CoverageModel
import XCTest

/// The tests a mutant is given: those that ran its line by the per-line data, else those of
/// its function.
final class TestMapLinesTests: XCTestCase {
  private let file = "Sources/P/F.swift"
  private var map: TestMap {
    TestMap(
      commit: "c", binaries: [],
      tests: [
        TestCaseResult(id: "T.A/testOne", library: .xctest, status: .passed, seconds: 0),
        TestCaseResult(id: "T.A/testTwo", library: .xctest, status: .passed, seconds: 0),
      ],
      functions: [TestMap.Function(name: "f", file: file, firstLine: 1, lastLine: 10)],
      ran: [[0], [0]], linesNeverRun: [file: [[7, 7]]],
      linesRan: [[file: [[1, 4]]], [file: [[1, 3]]]])
  }

  private func ids(_ answer: TestMap.LineAnswer) -> [String] {
    guard case .tests(let tests) = answer else { return ["not tests: \(answer)"] }
    return tests.map(\.id)
  }

  /// Both tests entered `f`; only the first ran line 4: a mutant there is given only it.
  func testALineOneTestRanAndAnotherOfTheSameFunctionDidNotIsGivenOnlyTheFirst() {
    let byFunction = map.testsByFunction()
    XCTAssertEqual(
      ids(map.answerByLine(file: file, line: 4, byFunction: byFunction)), ["T.A/testOne"])
    XCTAssertEqual(
      ids(map.answerByLine(file: file, line: 3, byFunction: byFunction)),
      ["T.A/testOne", "T.A/testTwo"])
    XCTAssertEqual(
      ids(map.answer(file: file, line: 4, byFunction: byFunction)), ["T.A/testOne", "T.A/testTwo"],
      "the function map")
  }

  /// A line the line data does not know (no region of it ran in any test, yet not a line that
  /// never ran), or a map without line data: the function's tests.
  func testWhereLinesAreNotKnownTheFunctionsTestsAreTheAnswer() {
    let byFunction = map.testsByFunction()
    XCTAssertEqual(
      ids(map.answerByLine(file: file, line: 9, byFunction: byFunction)),
      ["T.A/testOne", "T.A/testTwo"])
    var older = map
    older.linesRan = nil
    XCTAssertEqual(
      ids(older.answerByLine(file: file, line: 4, byFunction: byFunction)),
      ["T.A/testOne", "T.A/testTwo"])
    XCTAssertEqual(
      map.answerByLine(file: file, line: 7, byFunction: byFunction),
      .lineNeverRan(functionTests: map.tests))
    XCTAssertEqual(map.answerByLine(file: "Other.swift", line: 1, byFunction: []), .fileNotInMap)
  }

  /// Shards keep each test's lines; one shard without line data leaves the merged map without.
  func testMergedShardsKeepEachTestsLines() throws {
    var first = map
    first.tests = [map.tests[1]]
    first.ran = [[0]]
    first.linesRan = [[file: [[1, 3]]]]
    var second = map
    second.tests = [map.tests[0]]
    second.ran = [[0]]
    second.linesRan = [[file: [[1, 4]]]]
    let merged = try XCTUnwrap(TestMap.merged([first, second]))
    XCTAssertEqual(merged.tests.map(\.id), ["T.A/testOne", "T.A/testTwo"])
    XCTAssertEqual(merged.linesRan, [[file: [[1, 4]]], [file: [[1, 3]]]])
    second.linesRan = nil
    XCTAssertNil(try XCTUnwrap(TestMap.merged([first, second])).linesRan)
  }
}
