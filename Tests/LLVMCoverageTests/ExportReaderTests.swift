import CoverageModel
import Foundation
import XCTest

@testable import LLVMCoverage

final class ExportReaderTests: XCTestCase {
  private func yams() throws -> CoverageData {
    try ExportReader.read(path: Fixture.url("yams/swiftpm-export.json").path)
  }

  private func sources(_ data: CoverageData) -> [FileCoverage] {
    data.files.filter { !$0.path.contains(".build") && !$0.path.contains("Tests") }
  }

  func testReadsEveryFileOfTheExport() throws {
    XCTAssertEqual(try yams().files.count, 46)
  }

  func testTotalsEqualLLVMCovReportOnRealYamsData() throws {
    let report = LLVMToolOutput.reportRows(
      try Fixture.text("yams/llvm-cov-report-sources-only.txt"))
    let expected = try XCTUnwrap(report.first { $0.name == "TOTAL" })
    let total = sources(try yams()).map(\.summary).total()
    XCTAssertEqual(total.regions.count, expected.regions.count)
    XCTAssertEqual(total.regions.missed, expected.regions.missed)
    XCTAssertEqual(total.functions.count, expected.functions.count)
    XCTAssertEqual(total.functions.missed, expected.functions.missed)
    XCTAssertEqual(total.lines.count, expected.lines.count)
    XCTAssertEqual(total.lines.missed, expected.lines.missed)
  }

  func testEveryFileEqualsItsLLVMCovReportRow() throws {
    let rows = LLVMToolOutput.reportRows(try Fixture.text("yams/llvm-cov-report-sources-only.txt"))
      .filter { $0.name != "TOTAL" }
    let files = sources(try yams())
    XCTAssertEqual(files.count, rows.count)
    for row in rows {
      let file = try XCTUnwrap(files.first { $0.path.hasSuffix("/" + row.name) }, row.name)
      let actual = LLVMToolOutput.ReportRow(
        name: row.name, regions: (file.summary.regions.count, file.summary.regions.missed),
        functions: (file.summary.functions.count, file.summary.functions.missed),
        lines: (file.summary.lines.count, file.summary.lines.missed))
      XCTAssertEqual(actual, row)
    }
  }

  func testLineViewEqualsLLVMCovLCOVOnEveryLineOfEveryFile() throws {
    let lcov = LLVMToolOutput.lcovLineCounts(try Fixture.text("yams/llvm-cov-export.lcov"))
    let data = try yams()
    XCTAssertEqual(Set(lcov.keys), Set(data.files.map(\.path)))
    var comparedLines = 0
    for file in data.files {
      let view = try XCTUnwrap(file.lineView, file.path)
      let expected = try XCTUnwrap(lcov[file.path])
      var actual: [Int: UInt64] = [:]
      for line in 1...max(view.lineCount, 1) {
        if let count = view.count(line: line) { actual[line] = count }
      }
      XCTAssertEqual(Set(actual.keys), Set(expected.keys), "mapped lines of \(file.path)")
      for (line, count) in expected {
        // Wrapped counters are printed as ~1.8e19 by llvm-cov and clamped by its JSON: compare "ran".
        if count > UInt64(Int64.max) / 2 {
          XCTAssertGreaterThan(actual[line] ?? 0, 0, "\(file.path):\(line)")
        } else {
          XCTAssertEqual(actual[line], count, "\(file.path):\(line)")
        }
      }
      comparedLines += expected.count
    }
    XCTAssertGreaterThan(comparedLines, 3000)
  }

  func testReadsFunctionRecordsOnlyWhenAskedAndAsFoundationReadsThem() throws {
    XCTAssertTrue(try yams().functions.isEmpty)
    let path = Fixture.url("yams/swiftpm-export.json").path
    let data = try ExportReader.read(path: path, options: .init(functions: true))
    let expected = try ExportJSON(fixture: "yams/swiftpm-export.json").functions
    XCTAssertEqual(data.functions.count, 2507)
    XCTAssertEqual(data.functions, expected)
    XCTAssertEqual(data.files, try yams().files)
  }

  func testRejectsMalformedFunctionRecordsWithOneLineErrors() {
    let regions = [
      "[[1,1,2,2,1,0,0,9]]",  // unknown kind
      "[[1,1,2,2,1,0,0]]",  // seven fields
      "[[1,1,2,2,1,3,0,0]]",  // a file the record does not list
      "[[5,1,2,2,1,0,0,0]]",  // ends before it starts
      "[[0,1,2,2,1,0,0,0]]",  // line 0
    ]
    for region in regions {
      let json =
        #"{"data":[{"files":[],"functions":[{"name":"f","count":1,"regions":"# + region
        + #","filenames":["/a"]}]}],"type":"llvm.coverage.json.export","version":"3.0.1"}"#
      XCTAssertNoThrow(try ExportReader.parse(Data(json.utf8), source: "in.json"), region)
      XCTAssertThrowsError(
        try ExportReader.parse(Data(json.utf8), source: "in.json", options: .init(functions: true)),
        region
      ) { error in
        guard case .malformed = error as? ExportError else {
          return XCTFail("\(region) gave \(error)")
        }
        XCTAssertFalse(String(describing: error).contains("\n"))
      }
    }
  }

  func testReadsSummaryOnlyExportsWithoutALineView() throws {
    let json =
      #"{"data":[{"files":[{"filename":"/p/A.swift","summary":{"lines":{"count":4,"covered":3,"percent":75},"functions":{"count":1,"covered":1,"percent":100},"instantiations":{"count":1,"covered":1,"percent":100},"regions":{"count":2,"covered":1,"notcovered":1,"percent":50}}}],"totals":{}}],"type":"llvm.coverage.json.export","version":"2.0.1"}"#
    let data = try ExportReader.parse(Data(json.utf8), source: "x.json")
    XCTAssertEqual(data.files.first?.summary.lines, Metric(covered: 3, count: 4))
    XCTAssertNil(data.files.first?.lineView)
  }

  /// Without line views a file keeps only its summary, and its segments are still checked.
  func testLineViewsAreLeftOutWhenNotAskedForButSegmentsStillChecked() throws {
    let path = Fixture.url("yams/swiftpm-export.json").path
    let lean = try ExportReader.read(path: path, options: .init(lineViews: false))
    let full = try yams()
    XCTAssertEqual(lean.files.map(\.summary), full.files.map(\.summary))
    XCTAssertTrue(lean.files.allSatisfy { $0.lineView == nil })
    XCTAssertTrue(full.files.contains { $0.lineView != nil })
    let unsorted =
      #"{"data":[{"files":[{"filename":"/a","segments":[[5,1,1,true,true,false],[2,1,0,false,false,false]],"summary":{}}]}],"type":"llvm.coverage.json.export","version":"3.0.1"}"#
    XCTAssertThrowsError(
      try ExportReader.parse(
        Data(unsorted.utf8), source: "in.json", options: .init(lineViews: false))
    ) { XCTAssertTrue("\($0)".contains("out of order"), "\($0)") }
  }

  func testDecodesEscapedFilenames() throws {
    let json =
      #"{"data":[{"files":[{"filename":"/p/\u00e9\"q\\.swift","summary":{}}]}],"type":"llvm.coverage.json.export","version":"3.0.1"}"#
    XCTAssertEqual(
      try ExportReader.parse(Data(json.utf8), source: "x").files.first?.path, "/p/é\"q\\.swift")
  }

  func testRejectsBadInputWithOneLineErrors() {
    let cases: [(String, (ExportError) -> Bool)] = [
      ("", { if case .empty = $0 { true } else { false } }),
      (
        #"{"data":[{"files":[{"filename":"/a""#, { if case .truncated = $0 { true } else { false } }
      ),
      ("[1,2]", { if case .notAnExport = $0 { true } else { false } }),
      (
        #"{"data":[],"type":"other","version":"3.0.1"}"#,
        { if case .notAnExport = $0 { true } else { false } }
      ),
      (
        #"{"data":[],"type":"llvm.coverage.json.export","version":"9.0"}"#,
        { if case .unsupportedVersion = $0 { true } else { false } }
      ),
      (
        #"{"data":[{"files":[{"filename":"/a","summary":{"lines":{"count":1,"covered":5}}}]}],"type":"llvm.coverage.json.export","version":"3.0.1"}"#,
        { if case .malformed = $0 { true } else { false } }
      ),
      (
        #"{"data":[{"files":[{"filename":"/a","segments":[[5,1,1,true,true,false],[2,1,0,false,false,false]],"summary":{}}]}],"type":"llvm.coverage.json.export","version":"3.0.1"}"#,
        { if case .malformed = $0 { true } else { false } }
      ),
      (
        #"{"data":[],"type":"llvm.coverage.json.export","version":"3.0.1"} x"#,
        { if case .malformed = $0 { true } else { false } }
      ),
      (
        String(repeating: "[", count: 10_000), { if case .notAnExport = $0 { true } else { false } }
      ),
      (
        #"{"data":[{"files":[{"filename":"/a","summary":{"lines":{"count":-1,"covered":0}}}]}],"type":"llvm.coverage.json.export","version":"3.0.1"}"#,
        { if case .malformed = $0 { true } else { false } }
      ),
    ]
    for (json, matches) in cases {
      XCTAssertThrowsError(try ExportReader.parse(Data(json.utf8), source: "in.json"), json) {
        error in
        let error = error as! ExportError
        XCTAssertTrue(matches(error), "\(json) gave \(error)")
        XCTAssertFalse(error.description.contains("\n"))
        XCTAssertTrue(error.description.hasPrefix("in.json"))
      }
    }
  }

  func testSkipsDeeplyNestedUnknownValuesWithoutCrashing() {
    let deep = String(repeating: "[", count: 100_000)
    let json = #"{"extra":"# + deep
    XCTAssertThrowsError(try ExportReader.parse(Data(json.utf8), source: "deep.json"))
  }
}
