import CoverageModel
import LLVMCoverage
import XCTest

@testable import CoverageGate

/// `max_uncovered` (a cap on the count left uncovered) and stale exclusion markers.
final class SharperRulesTests: XCTestCase {
  private let file = "pkg/.covgate.yml"

  // MARK: max_uncovered

  func testTheCapIsReadUnderAMetric() throws {
    let config = try ConfigLoader.parse(
      "layers:\n  logic:\n    default: true\n    lines: {minimum: 60, max_uncovered: 25}\n"
        + "overall:\n  functions: {max_uncovered: 0}\n", file: file)
    XCTAssertEqual(
      config.layers.first?.thresholds, [.lines: Threshold(minimum: 60, maxUncovered: 25)])
    XCTAssertEqual(config.overall, [.functions: Threshold(maxUncovered: 0)])
  }

  func testTheCapMustBeAWholeNumber() {
    let before = "    lines: {minimum: 60, max_uncovered: "
    for value in ["-1", "2.5", "25%", "many"] {
      let text = "layers:\n  logic:\n    default: true\n\(before)\(value)}\n"
      XCTAssertThrowsError(try ConfigLoader.parse(text, file: file)) { error in
        let error = error as? ConfigError
        XCTAssertEqual(error?.line, 4, value)
        XCTAssertEqual(error?.column, before.count + 1, value)
        XCTAssertEqual(
          error?.message,
          "layer 'logic': lines.max_uncovered must be a whole number from 0 (a count, not a percentage)"
        )
      }
    }
  }

  private func evaluate(_ thresholds: Thresholds, lines: (Int, Int), gated: Bool = true)
    -> CoverageReport
  {
    let config = GateConfig(layers: [
      LayerConfig(name: "logic", gated: gated, isDefault: true, thresholds: thresholds)
    ])
    let file = ScopedFile(
      path: "Sources/Core/A.swift", target: "Core", layer: "logic",
      coverage: FileCoverage(
        path: "/work/pkg/Sources/Core/A.swift",
        summary: Summary(lines: Metric(covered: lines.0, count: lines.1))))
    return Evaluator(config: config).evaluate(
      package: PackageInfo(name: "P", root: "/work/pkg", targets: []), files: [file],
      targetsWithoutData: [], excluded: [], capabilities: .llvmCov)
  }

  func testTheCapPassesAtItsValueAndFailsOneOver() throws {
    let atCap = evaluate([.lines: Threshold(maxUncovered: 25)], lines: (75, 100))
    let verdict = try XCTUnwrap(atCap.gate.verdicts.first)
    XCTAssertEqual(atCap.gate.verdicts.count, 1)
    XCTAssertEqual(verdict.rule, .maxUncovered)
    XCTAssertEqual(verdict.status, .passed)
    XCTAssertEqual(verdict.required, 25)
    XCTAssertEqual(verdict.actual, Metric(covered: 75, count: 100))
    XCTAssertEqual(
      verdict.message, "logic: lines 25 uncovered (75/100) is within the cap of 25 uncovered")

    let over = evaluate([.lines: Threshold(maxUncovered: 25)], lines: (74, 100))
    XCTAssertEqual(over.gate.verdicts.map(\.status), [.failed])
    XCTAssertEqual(
      over.gate.verdicts.first?.message,
      "logic: lines 26 uncovered (74/100) is over the cap of 25 uncovered")
    XCTAssertFalse(over.gate.passed)
  }

  func testTheCapComesAfterTheMinimumAndOnlyWarnsWhereTheLayerIsNotGated() {
    let report = evaluate(
      [.lines: Threshold(minimum: 50, maxUncovered: 0)], lines: (9, 10), gated: false)
    XCTAssertEqual(report.gate.verdicts.map(\.rule), [.minimum, .maxUncovered])
    XCTAssertEqual(report.gate.verdicts.map(\.status), [.passed, .warning])
    XCTAssertEqual(
      report.gate.verdicts.last?.message,
      "logic: lines 1 uncovered (9/10) is over the cap of 0 uncovered (layer not gated)")
    XCTAssertTrue(report.gate.passed)
  }

  func testNothingToMeasureIsNotAPass() {
    let report = evaluate([.lines: Threshold(maxUncovered: 5)], lines: (0, 0))
    XCTAssertEqual(report.gate.verdicts.map(\.status), [.notApplicable])
    XCTAssertEqual(
      report.gate.verdicts.first?.message,
      "logic: lines n/a (nothing to measure); the cap of 5 uncovered does not apply")
  }

  // MARK: stale exclusions

  func testTheStalePolicyIsRead() throws {
    XCTAssertEqual(try ConfigLoader.parse("version: 1\n", file: file).staleExclusions, .warn)
    XCTAssertEqual(
      try ConfigLoader.parse("exclusions:\n  stale: fail\n", file: file).staleExclusions, .fail)
    XCTAssertThrowsError(try ConfigLoader.parse("exclusions:\n  stale: loud\n", file: file)) {
      XCTAssertEqual(
        ($0 as? ConfigError)?.message, "exclusions.stale must be one of ignore, warn, fail")
    }
    XCTAssertThrowsError(try ConfigLoader.parse("exclusions:\n  stal: fail\n", file: file)) {
      XCTAssertTrue("\($0)".contains("unknown key 'stal' in exclusions"), "\($0)")
    }
  }

  private let exportPath = "/work/pkg/Sources/Core/A.swift"

  /// One function that ran (lines 1-5) and one that never did (7-9), with a marker over `lines`.
  private func gate(marker lines: ClosedRange<Int>, stale: GateConfig.Policy) throws
    -> CoverageReport
  {
    let functions = [
      FunctionRecord(
        name: "ran", count: 3,
        regions: [Region(lineStart: 1, columnStart: 1, lineEnd: 5, columnEnd: 2, count: 3)],
        filenames: [exportPath]),
      FunctionRecord(
        name: "neverRan", count: 0,
        regions: [Region(lineStart: 7, columnStart: 1, lineEnd: 9, columnEnd: 2, count: 0)],
        filenames: [exportPath]),
    ]
    let file = try FunctionSummarizer.fileCoverage(path: exportPath, functions: functions)
    var config = GateConfig.defaults
    config.staleExclusions = stale
    let package = PackageInfo(
      name: "P", root: "/work/pkg",
      targets: [
        TargetInfo(
          name: "Core", kind: .library, path: "Sources/Core", sources: ["Sources/Core/A.swift"])
      ])
    return try Gate.evaluate(
      GateInput(
        data: CoverageData(files: [file], functions: functions, capabilities: .llvmCov),
        package: package, config: config,
        markers: [
          "Sources/Core/A.swift": [
            ExclusionMarker(lines: lines, reason: "glue", markerLine: lines.lowerBound - 1)
          ]
        ]))
  }

  func testAMarkerOverCodeThatRanWarnsByDefaultAndFailsWhenAsked() throws {
    let warned = try gate(marker: 1...5, stale: .warn)
    let verdict = try XCTUnwrap(warned.gate.verdicts.first { $0.rule == .staleExclusion })
    XCTAssertEqual(verdict.status, .warning)
    XCTAssertEqual(verdict.scopeKind, .file)
    XCTAssertEqual(verdict.scope, "Sources/Core/A.swift")
    XCTAssertEqual(
      verdict.message,
      "Sources/Core/A.swift: the marker excluding lines 1-5 (\"glue\") hides code that ran; "
        + "remove the marker, or narrow it to the code that never runs")

    let failed = try gate(marker: 1...5, stale: .fail)
    XCTAssertEqual(
      failed.gate.verdicts.filter { $0.rule == .staleExclusion }.map(\.status), [.failed])
    XCTAssertFalse(failed.gate.passed)

    XCTAssertEqual(
      try gate(marker: 1...5, stale: .ignore).gate.verdicts.filter { $0.rule == .staleExclusion },
      [])
  }

  func testAMarkerOverCodeThatNeverRanIsNotStale() throws {
    let report = try gate(marker: 7...9, stale: .fail)
    XCTAssertEqual(report.gate.verdicts.filter { $0.rule == .staleExclusion }, [])
    XCTAssertEqual(report.exclusions.map(\.ranAnyway), [false])
  }
}
