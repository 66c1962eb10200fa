import CoverageModel
import XCTest

/// Records are set aside only when every file they lie in is marked (or unlisted); the others
/// keep their order, and the set-aside ones are handed back whole.
final class RemoveFunctionsTests: XCTestCase {
  private func record(_ name: String, _ files: [String]) -> FunctionRecord {
    FunctionRecord(
      name: name, count: 1,
      regions: [Region(lineStart: 1, columnStart: 1, lineEnd: 2, columnEnd: 1, count: 1)],
      filenames: files)
  }

  private let files = ["/p/Sources/A.swift", "/p/Sources/B.swift", "/p/Tests/T.swift"].map {
    FileCoverage(path: $0, summary: Summary())
  }

  func testOnlyRecordsWhollyInFilesLeftOutAreRemovedInOrder() {
    var data = CoverageData(
      files: files,
      functions: [
        record("t1", ["/p/Tests/T.swift"]), record("a1", ["/p/Sources/A.swift"]),
        record("t2", ["/p/Tests/T.swift"]), record("b1", ["/p/Sources/B.swift"]),
        record("macro", ["/p/Tests/T.swift", "/p/Sources/B.swift"]),
        record("gone", ["/elsewhere/X.swift"]), record("a2", ["/p/Sources/A.swift"]),
        record("t3", ["/p/Tests/T.swift"]),
      ])
    let removed = data.removeFunctions(onlyIn: [false, false, true])
    XCTAssertEqual(data.functions.map(\.name), ["a1", "b1", "macro", "a2"])
    XCTAssertEqual(Set(removed.map(\.name)), ["t1", "t2", "gone", "t3"])
    XCTAssertEqual(removed.first { $0.name == "t2" }, record("t2", ["/p/Tests/T.swift"]))
    XCTAssertEqual(data.functions[1], record("b1", ["/p/Sources/B.swift"]))
  }

  func testNothingMarkedRemovesOnlyRecordsOfUnlistedFiles() {
    let functions = (0..<50).map { record("f\($0)", [files[$0 % 2].path]) }
    var data = CoverageData(files: files, functions: functions)
    XCTAssertEqual(data.removeFunctions(onlyIn: [false, false, false]), [])
    XCTAssertEqual(data.functions, functions)
    XCTAssertEqual(data.removeFunctions(onlyIn: [true, true, false]).count, 50)
    XCTAssertEqual(data.functions, [])
  }
}
