import CoverageModel
import XCTest

@testable import LLVMCoverage

final class ExportMergerTests: XCTestCase {
  private func read(_ fixture: String) throws -> CoverageData {
    try ExportReader.read(path: Fixture.url(fixture).path, options: .init(functions: true))
  }

  // MARK: Against llvm-cov

  func testMergingTwoRealRunsEqualsLLVMCovOnTheMergedProfile() throws {
    for name in ["swift", "clang", "cpp"] {
      let merged = try ExportMerger.merge([
        ("run1.json", try read("runs/\(name)/run1.json")),
        ("run2.json", try read("runs/\(name)/run2.json")),
      ])
      let expected = try read("runs/\(name)/merged.json")
      XCTAssertEqual(merged.files.map(\.path), expected.files.map(\.path), name)
      for (actual, file) in zip(merged.files, expected.files) {
        // covgate does not read branches, which only the C exports have.
        var summary = file.summary
        summary.branches = actual.summary.branches
        XCTAssertEqual(actual.summary, summary, "\(name): \(file.path)")
        XCTAssertEqual(actual.lineView, file.lineView, "\(name): \(file.path)")
      }
      XCTAssertEqual(merged.functions, expected.functions, name)
    }
  }

  func testMergingYamsWithItselfKeepsEverySummaryAndDoublesEveryLineCount() throws {
    let yams = try read("yams/swiftpm-export.json")
    let merged = try ExportMerger.merge([("a.json", yams), ("b.json", yams)])
    XCTAssertEqual(merged.files.map(\.path), yams.files.map(\.path))
    var doubledLines = 0
    for (actual, original) in zip(merged.files, yams.files) {
      XCTAssertEqual(actual.summary, original.summary, original.path)
      let view = try XCTUnwrap(actual.lineView)
      let before = try XCTUnwrap(original.lineView)
      XCTAssertEqual(view.lineCount, before.lineCount, original.path)
      for line in 1...max(before.lineCount, 1) {
        let doubled = before.count(line: line).map { ExecutionCount.sum($0, $0) }
        XCTAssertEqual(view.count(line: line), doubled, "\(original.path):\(line)")
        if doubled != nil { doubledLines += 1 }
      }
    }
    XCTAssertGreaterThan(doubledLines, 5000)
  }

  // MARK: Synthetic cases

  func testFunctionsThatRanInDifferentInputsGiveTheUnion() throws {
    let a = function("A", line: 1, count: 3)
    let b = function("B", line: 5, count: 2)
    let first = input([a, b.with(count: 0)])
    let second = input([a.with(count: 0), b])
    let merged = try ExportMerger.merge([("1.json", first), ("2.json", second)])
    let file = try XCTUnwrap(merged.files.first)
    XCTAssertEqual(file.summary.functions, Metric(covered: 2, count: 2))
    XCTAssertEqual(file.summary.lines, Metric(covered: 6, count: 6))
    XCTAssertEqual(file.lineView?.count(line: 2), 3)
    XCTAssertEqual(file.lineView?.count(line: 6), 2)
  }

  func testKeepsFunctionRecordsFoundInOneInputOnly() throws {
    let a = function("A", line: 1, count: 3)
    let b = function("B", line: 5, count: 0)
    let merged = try ExportMerger.merge([("1.json", input([a])), ("2.json", input([a, b]))])
    XCTAssertEqual(merged.functions.map(\.name), ["A", "B"])
    XCTAssertEqual(merged.functions.first?.count, 6)
    XCTAssertEqual(merged.files.first?.summary.functions, Metric(covered: 1, count: 2))
  }

  func testRefusesFunctionsWhoseRegionsDiffer() {
    var changed = function("A", line: 1, count: 3)
    changed.regions[0].lineEnd += 1
    let inputs = [
      ("1.json", input([function("A", line: 1, count: 3)])), ("2.json", input([changed])),
    ]
    XCTAssertThrowsError(try ExportMerger.merge(inputs)) { error in
      XCTAssertEqual(
        error as? MergeError,
        .differentCode(function: "A", path: "/p/A.swift", first: "1.json", second: "2.json"))
      XCTAssertFalse(String(describing: error).contains("\n"))
    }
  }

  func testUnionsDisjointFilesAndKeepsIdenticalOnesWithoutFunctions() throws {
    let a = CoverageData(
      files: [file("/p/A.swift", covered: 1), file("/p/B.swift", covered: 2)],
      capabilities: .llvmCov)
    let b = CoverageData(
      files: [file("/p/B.swift", covered: 2), file("/p/C.swift", covered: 3)],
      capabilities: .llvmCov)
    let merged = try ExportMerger.merge([("a.json", a), ("b.json", b)])
    XCTAssertEqual(merged.files.map(\.path), ["/p/A.swift", "/p/B.swift", "/p/C.swift"])
    XCTAssertEqual(merged.files[1], file("/p/B.swift", covered: 2))
  }

  func testRefusesToGuessAcrossDifferentRunsWithoutFunctions() {
    let a = CoverageData(files: [file("/p/A.swift", covered: 5)], capabilities: .llvmCov)
    let b = input([function("A", line: 1, count: 3)])
    XCTAssertThrowsError(try ExportMerger.merge([("a.json", a), ("b.json", b)])) { error in
      XCTAssertEqual(
        error as? MergeError,
        .missingFunctions(path: "/p/A.swift", first: "a.json", second: "b.json"))
      let description = String(describing: error)
      XCTAssertTrue(description.contains("-skip-functions"))
      XCTAssertFalse(description.contains("\n"))
    }
  }

  // MARK: Helpers

  private func file(_ path: String, covered: Int) -> FileCoverage {
    FileCoverage(path: path, summary: Summary(lines: Metric(covered: covered, count: 10)))
  }

  /// A function of /p/A.swift spanning three lines from `line`, with one region.
  private func function(_ name: String, line: Int, count: UInt64) -> FunctionRecord {
    FunctionRecord(
      name: name, count: count,
      regions: [
        Region(lineStart: line, columnStart: 10, lineEnd: line + 2, columnEnd: 2, count: count)
      ],
      filenames: ["/p/A.swift"])
  }

  /// An export of /p/A.swift holding `functions`, with a summary that merging must not trust.
  private func input(_ functions: [FunctionRecord]) -> CoverageData {
    CoverageData(
      files: [file("/p/A.swift", covered: functions.count)], functions: functions,
      capabilities: .llvmCov)
  }
}

extension FunctionRecord {
  fileprivate func with(count: UInt64) -> FunctionRecord {
    var copy = self
    copy.count = count
    copy.regions = regions.map { region in
      var region = region
      region.count = count
      return region
    }
    return copy
  }
}
