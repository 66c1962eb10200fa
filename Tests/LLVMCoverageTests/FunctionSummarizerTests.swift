import CoverageModel
import XCTest

@testable import LLVMCoverage

/// Summaries and line views recomputed from `functions[]` against what llvm-cov wrote.
final class FunctionSummarizerTests: XCTestCase {
  private func yams() throws -> CoverageData {
    try ExportReader.read(
      path: Fixture.url("yams/swiftpm-export.json").path, options: .init(functions: true))
  }

  func testRecomputesTheSummaryLLVMCovWroteForEveryYamsFile() throws {
    let data = try yams()
    let recomputed = try FunctionSummarizer.fileCoverages(data.functions)
    XCTAssertEqual(recomputed.map(\.path), data.files.map(\.path))
    for (actual, expected) in zip(recomputed, data.files) {
      XCTAssertEqual(actual.summary, expected.summary, expected.path)
    }
    XCTAssertEqual(data.files.count, 46)
  }

  func testRecomputedSummariesAddUpToLLVMCovReportOnYamsSources() throws {
    let rows = LLVMToolOutput.reportRows(try Fixture.text("yams/llvm-cov-report-sources-only.txt"))
    let expected = try XCTUnwrap(rows.first { $0.name == "TOTAL" })
    let total = try FunctionSummarizer.fileCoverages(try yams().functions)
      .filter { !$0.path.contains(".build") && !$0.path.contains("Tests") }
      .map(\.summary).total()
    XCTAssertEqual(total.regions.count, expected.regions.count)
    XCTAssertEqual(total.regions.missed, expected.regions.missed)
    XCTAssertEqual(total.functions.count, expected.functions.count)
    XCTAssertEqual(total.functions.missed, expected.functions.missed)
    XCTAssertEqual(total.lines.count, expected.lines.count)
    XCTAssertEqual(total.lines.missed, expected.lines.missed)
  }

  func testRebuildsTheLineViewOfEveryYamsFileAsLLVMCovLCOVShowsIt() throws {
    let lcov = LLVMToolOutput.lcovLineCounts(try Fixture.text("yams/llvm-cov-export.lcov"))
    let data = try yams()
    var comparedLines = 0
    for file in try FunctionSummarizer.fileCoverages(data.functions) {
      let view = try XCTUnwrap(file.lineView)
      XCTAssertEqual(view, data.files.first { $0.path == file.path }?.lineView, file.path)
      let expected = try XCTUnwrap(lcov[file.path], file.path)
      let mapped = (1...max(view.lineCount, 1)).filter { view.count(line: $0) != nil }
      XCTAssertEqual(Set(mapped), Set(expected.keys), file.path)
      for (line, count) in expected {
        // llvm-cov prints wrapped counters as about 1.8e19 and its JSON clamps them: compare "ran".
        if count > UInt64(Int64.max) / 2 {
          XCTAssertGreaterThan(view.count(line: line) ?? 0, 0, "\(file.path):\(line)")
        } else {
          XCTAssertEqual(view.count(line: line), count, "\(file.path):\(line)")
        }
      }
      comparedLines += expected.count
    }
    XCTAssertGreaterThan(comparedLines, 5000)
  }

  func testRecomputesSwiftAndClangRunsIncludingGroupsOfSeveralInstantiations() throws {
    let fixtures = ["swift", "clang", "cpp"].flatMap { name in
      ["run1", "run2", "merged"].map { "\(name)/\($0)" }
    }
    for fixture in fixtures {
      let expected = try ExportJSON(fixture: "runs/\(fixture).json")
      let data = try ExportReader.read(
        path: Fixture.url("runs/\(fixture).json").path, options: .init(functions: true))
      let recomputed = try FunctionSummarizer.fileCoverages(data.functions)
      XCTAssertEqual(recomputed.map(\.path), expected.files.map(\.path), fixture)
      for (actual, file) in zip(recomputed, expected.files) {
        // covgate does not read branches, which only the C exports have.
        var summary = file.summary
        summary.branches = actual.summary.branches
        XCTAssertEqual(actual.summary, summary, "\(fixture): \(file.path)")
        XCTAssertEqual(
          actual.lineView, data.files.first { $0.path == file.path }?.lineView, file.path)
      }
    }
    let header = try ExportJSON(fixture: "runs/clang/merged.json").file("/src/square.h").summary
    XCTAssertEqual(
      header.functions.count, 1, "the fixture must hold a group of several instantiations")
    XCTAssertEqual(header.instantiations.count, 2)
    let templates = try ExportJSON(fixture: "runs/cpp/merged.json").file("/src/templates.cpp")
      .summary
    XCTAssertLessThan(templates.functions.count, templates.instantiations.count)
  }

  func testLineViewFollowsLLVMsLineCoverageIterator() throws {
    // test_line_coverage_iterator in llvm/unittests/ProfileData/CoverageMappingTest.cpp
    let regions = [
      code(1, 1, 9, 9, 30), skipped(1, 3, 1, 8), code(1, 1, 4, 7, 20), skipped(4, 1, 4, 20),
      code(5, 8, 9, 1, 10), skipped(10, 1, 12, 20), code(10, 10, 11, 11, 0),
    ]
    let function = FunctionRecord(name: "func", count: 30, regions: regions, filenames: ["file1"])
    let view = try FunctionSummarizer.lineView(path: "file1", functions: [function])
    let counts: [UInt64] = [20, 20, 20, 0, 30, 10, 10, 10, 10, 0, 0, 0]
    let mapped = [true, true, true, false, true, true, true, true, true, true, true, false]
    XCTAssertEqual(view.lineCount, 12)
    XCTAssertEqual((1...12).map { view.count(line: $0) != nil }, mapped)
    for line in 1...12 where mapped[line - 1] {
      XCTAssertEqual(view.count(line: line), counts[line - 1], "line \(line)")
    }
  }

  func testAGapRegionNeitherStartsALineNorRaisesItsCount() throws {
    // Derived by hand from LLVM's LineCoverageStats; real gaps are checked in the C fixtures.
    let gap = Region(lineStart: 3, columnStart: 8, lineEnd: 5, columnEnd: 1, count: 0, kind: .gap)
    let regions = [code(1, 1, 9, 9, 5), gap, code(5, 1, 6, 9, 0)]
    let function = FunctionRecord(name: "func", count: 5, regions: regions, filenames: ["file1"])
    let view = try FunctionSummarizer.lineView(path: "file1", functions: [function])
    XCTAssertEqual((1...9).map { view.count(line: $0) }, [5, 5, 5, 0, 0, 0, 5, 5, 5])
  }

  func testFunctionsExpandedIntoAFileAreNotInstantiationsThere() throws {
    // dont_detect_false_instantiations
    let expansion = { (line: Int) in
      Region(
        lineStart: line, columnStart: 1, lineEnd: line, columnEnd: 5, count: 0, fileID: 1,
        expandedFileID: 0, kind: .expansion)
    }
    let functions = [
      FunctionRecord(
        name: "foo", count: 10, regions: [code(1, 1, 1, 10, 10), expansion(4)],
        filenames: ["expanded", "main"]),
      FunctionRecord(
        name: "bar", count: 20, regions: [code(1, 1, 1, 10, 20), expansion(9)],
        filenames: ["expanded", "main"]),
    ]
    XCTAssertTrue(
      FunctionSummarizer.instantiationGroups(path: "expanded", functions: functions).isEmpty)
    XCTAssertEqual(
      try FunctionSummarizer.summary(path: "expanded", functions: functions).functions, .zero)
  }

  private func code(_ ls: Int, _ cs: Int, _ le: Int, _ ce: Int, _ count: UInt64) -> Region {
    Region(lineStart: ls, columnStart: cs, lineEnd: le, columnEnd: ce, count: count)
  }

  private func skipped(_ ls: Int, _ cs: Int, _ le: Int, _ ce: Int) -> Region {
    Region(lineStart: ls, columnStart: cs, lineEnd: le, columnEnd: ce, count: 0, kind: .skipped)
  }
}
