import CoverageModel
import LLVMCoverage
import XCTest

@testable import CoverageGate

/// Files with line markers are recomputed from their function records, which name the file by
/// the export's own path, and only when the export's summary agrees with those records.
final class ExclusionApplierTests: XCTestCase {
  private let exportPath = "/ci/build/Sources/Core/A.swift"
  private var functions: [FunctionRecord] {
    [
      FunctionRecord(
        name: "ran", count: 3,
        regions: [Region(lineStart: 1, columnStart: 1, lineEnd: 5, columnEnd: 2, count: 3)],
        filenames: [exportPath]),
      FunctionRecord(
        name: "neverRan", count: 0,
        regions: [Region(lineStart: 7, columnStart: 1, lineEnd: 9, columnEnd: 2, count: 0)],
        filenames: [exportPath]),
    ]
  }

  private func evaluate(summary: Summary? = nil, pathMaps: [PathMap]) throws -> CoverageReport {
    var file = try FunctionSummarizer.fileCoverage(path: exportPath, functions: functions)
    if let summary { file.summary = summary }
    let package = PackageInfo(
      name: "P", root: "/work/pkg",
      targets: [
        TargetInfo(
          name: "Core", kind: .library, path: "Sources/Core", sources: ["Sources/Core/A.swift"])
      ])
    return try Gate.evaluate(
      GateInput(
        data: CoverageData(files: [file], functions: functions, capabilities: .llvmCov),
        package: package,
        config: .defaults,
        pathMaps: pathMaps,
        markers: [
          "Sources/Core/A.swift": [
            ExclusionMarker(lines: 7...9, reason: "platform glue", markerLine: 6)
          ]
        ]))
  }

  func testMarkersOnAnExportMadeElsewhereAreRecomputedFromItsRecords() throws {
    let report = try evaluate(pathMaps: [PathMap(old: "/ci/build", new: "/work/pkg")])
    let file = try XCTUnwrap(report.files.first)
    XCTAssertEqual(file.path, "Sources/Core/A.swift")
    // Only `ran` is left: one function, run; its 5 lines, all run. Never a silent 0 of 0.
    XCTAssertEqual(file.summary.functions, Metric(covered: 1, count: 1))
    XCTAssertEqual(file.summary.lines, Metric(covered: 5, count: 5))
    XCTAssertEqual(report.exclusions.map(\.reason), ["platform glue"])
  }

  func testASummaryThatDisagreesWithTheFilesOwnRecordsIsAnError() throws {
    let truthful = try FunctionSummarizer.fileCoverage(path: exportPath, functions: functions)
      .summary
    XCTAssertNoThrow(
      try evaluate(summary: truthful, pathMaps: [PathMap(old: "/ci/build", new: "/work/pkg")]))
    var forged = truthful
    forged.lines = Metric(covered: truthful.lines.covered + 3, count: truthful.lines.count)
    XCTAssertThrowsError(
      try evaluate(summary: forged, pathMaps: [PathMap(old: "/ci/build", new: "/work/pkg")])
    ) { error in
      XCTAssertEqual(
        error as? SummaryMismatch,
        SummaryMismatch(
          path: "Sources/Core/A.swift", metric: .lines, summary: forged.lines,
          records: truthful.lines))
      XCTAssertTrue("\(error)".contains("lines 8/8, its function records give 5/8"), "\(error)")
      XCTAssertTrue("\(error)".hasSuffix("export it again"), "\(error)")
    }
  }
}
