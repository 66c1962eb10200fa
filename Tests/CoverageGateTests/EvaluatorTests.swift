import CoverageModel
import XCTest

@testable import CoverageGate

final class EvaluatorTests: XCTestCase {
  private func file(
    _ path: String, target: String, layer: String, lines: (Int, Int), functions: (Int, Int) = (0, 0)
  ) -> ScopedFile {
    ScopedFile(
      path: path, target: target, layer: layer,
      coverage: FileCoverage(
        path: TestPackage.root + "/" + path,
        summary: Summary(
          lines: Metric(covered: lines.0, count: lines.1),
          functions: Metric(covered: functions.0, count: functions.1))))
  }

  private func evaluate(
    _ config: GateConfig, _ files: [ScopedFile], withoutData: [TargetWithoutData] = []
  ) -> CoverageReport {
    Evaluator(config: config).evaluate(
      package: TestPackage.package, files: files, targetsWithoutData: withoutData, excluded: [],
      capabilities: .llvmCov)
  }

  private func config(
    logic: Thresholds = [:], ui: Thresholds = [:], overall: Thresholds = [:],
    fileMinimum: [MetricKind: Double] = [:], policy: GateConfig.Policy = .warn
  ) -> GateConfig {
    GateConfig(
      layers: [
        LayerConfig(name: "logic", isDefault: true, thresholds: logic),
        LayerConfig(name: "ui", gated: false, targets: [Glob("*UI")], thresholds: ui),
      ], fileMinimum: fileMinimum, overall: overall, targetsWithoutData: policy)
  }

  private let shim = TargetWithoutData(
    name: "CShim", layer: "logic", path: "Sources/CShim", sourceFiles: 2, sourceLines: 40,
    reason: "C-family target: SwiftPM does not instrument it")

  func testMinimumFailedMessageReadsExactly() throws {
    let report = evaluate(
      config(logic: [.lines: Threshold(minimum: 60)]),
      [file("Sources/Core/A.swift", target: "Core", layer: "logic", lines: (1204, 2065))])
    let verdict = try XCTUnwrap(report.gate.verdicts.first)
    XCTAssertEqual(report.gate.verdicts.count, 1)
    XCTAssertEqual(verdict.status, .failed)
    XCTAssertEqual(verdict.rule, .minimum)
    XCTAssertEqual(verdict.scopeKind, .layer)
    XCTAssertEqual(verdict.scope, "logic")
    XCTAssertEqual(verdict.metric, .lines)
    XCTAssertEqual(verdict.actual, Metric(covered: 1204, count: 2065))
    XCTAssertEqual(verdict.required, 60)
    // 1204/2065 is 58.305…%: truncated to 58.30%, never rounded up.
    XCTAssertEqual(verdict.message, "logic: lines 58.30% (1204/2065) is below the minimum 60%")
    XCTAssertFalse(report.gate.passed)
    XCTAssertEqual(report.gate.failures, [verdict])
  }

  func testMinimumPassedAtExactBoundary() throws {
    let report = evaluate(
      config(logic: [.lines: Threshold(minimum: 60)]),
      [file("Sources/Core/A.swift", target: "Core", layer: "logic", lines: (600, 1000))])
    let verdict = try XCTUnwrap(report.gate.verdicts.first)
    XCTAssertEqual(verdict.status, .passed)
    XCTAssertEqual(verdict.message, "logic: lines 60.00% (600/1000) meets the minimum 60%")
    XCTAssertTrue(report.gate.passed)
  }

  func testJustBelowMinimumFails() {
    let report = evaluate(
      config(logic: [.lines: Threshold(minimum: 60)]),
      [file("Sources/Core/A.swift", target: "Core", layer: "logic", lines: (599, 1000))])
    XCTAssertEqual(report.gate.verdicts.map(\.status), [.failed])
  }

  func testBelowTargetOnlyWarns() {
    let report = evaluate(
      config(logic: [.lines: Threshold(minimum: 60, target: 70)]),
      [file("Sources/Core/A.swift", target: "Core", layer: "logic", lines: (65, 100))])
    XCTAssertEqual(report.gate.verdicts.map(\.rule), [.minimum, .target])
    XCTAssertEqual(report.gate.verdicts.map(\.status), [.passed, .warning])
    XCTAssertEqual(
      report.gate.warnings.first?.message, "logic: lines 65.00% (65/100) is below the target 70%")
    XCTAssertTrue(report.gate.passed)
  }

  func testNonGatedLayerBelowMinimumWarns() throws {
    let report = evaluate(
      config(ui: [.lines: Threshold(minimum: 50, target: 62.5)]),
      [file("Sources/CoreUI/View.swift", target: "CoreUI", layer: "ui", lines: (1, 10))])
    XCTAssertEqual(report.gate.verdicts.map(\.status), [.warning, .warning])
    XCTAssertEqual(
      report.gate.verdicts.map(\.message),
      [
        "ui: lines 10.00% (1/10) is below the minimum 50% (layer not gated)",
        "ui: lines 10.00% (1/10) is below the target 62.5%",
      ])
    XCTAssertTrue(report.gate.passed)
  }

  func testNothingToMeasureIsNotApplicableNeverPassed() throws {
    let report = evaluate(
      config(logic: [.lines: Threshold(minimum: 60), .functions: Threshold(minimum: 0, target: 50)]
      ),
      [file("Sources/Core/A.swift", target: "Core", layer: "logic", lines: (0, 0))])
    XCTAssertEqual(report.gate.verdicts.map(\.metric), [.lines, .functions, .functions].map { $0 })
    XCTAssertTrue(
      report.gate.verdicts.allSatisfy { $0.status == .notApplicable }, "\(report.gate.verdicts)")
    XCTAssertEqual(
      report.gate.verdicts.first { $0.metric == .lines }?.message,
      "logic: lines n/a (nothing to measure); the minimum 60% does not apply")
    XCTAssertTrue(report.gate.passed)
  }

  func testEmptyLayerIsNotApplicable() {
    let report = evaluate(
      config(ui: [.lines: Threshold(minimum: 60)]),
      [file("Sources/Core/A.swift", target: "Core", layer: "logic", lines: (1, 1))])
    XCTAssertEqual(report.gate.verdicts.map(\.status), [.notApplicable])
    XCTAssertEqual(report.layers.map(\.name), ["logic", "ui"])
    XCTAssertEqual(report.layers[1].totals, .zero)
  }

  func testVerdictsFollowMetricOrder() {
    let report = evaluate(
      config(logic: [
        .regions: Threshold(minimum: 1), .functions: Threshold(minimum: 1),
        .lines: Threshold(minimum: 1),
      ]),
      [
        file(
          "Sources/Core/A.swift", target: "Core", layer: "logic", lines: (1, 1), functions: (1, 1))
      ])
    XCTAssertEqual(report.gate.verdicts.map(\.metric), [.lines, .functions, .regions])
  }

  func testLayerAndTargetFiguresAreSums() throws {
    let report = evaluate(
      config(),
      [
        file("Sources/Core/A.swift", target: "Core", layer: "logic", lines: (3, 4)),
        file("Sources/Core/B.swift", target: "Core", layer: "logic", lines: (1, 6)),
        file("Sources/Util/U.swift", target: "Util", layer: "logic", lines: (2, 2)),
        file("Sources/CoreUI/V.swift", target: "CoreUI", layer: "ui", lines: (0, 8)),
      ])
    XCTAssertEqual(report.totals.lines, Metric(covered: 6, count: 20))
    let logic = try XCTUnwrap(report.layers.first { $0.name == "logic" })
    XCTAssertEqual(logic.totals.lines, Metric(covered: 6, count: 12))
    XCTAssertEqual(logic.gated, true)
    XCTAssertEqual(logic.targets.map(\.name), ["Core", "Util"])
    XCTAssertEqual(logic.targets.map(\.fileCount), [2, 1])
    XCTAssertEqual(logic.targets.first?.totals.lines, Metric(covered: 4, count: 10))
    let ui = try XCTUnwrap(report.layers.first { $0.name == "ui" })
    XCTAssertEqual(ui.gated, false)
    XCTAssertEqual(ui.totals.lines, Metric(covered: 0, count: 8))
    XCTAssertEqual(report.gate.verdicts, [])
    XCTAssertTrue(report.gate.passed)
  }

  func testUnassignedLayerIsAddedNotGated() throws {
    let config = GateConfig(layers: [
      LayerConfig(
        name: "core", targets: [Glob("Core")], thresholds: [.lines: Threshold(minimum: 90)])
    ])
    let report = evaluate(
      config,
      [
        file("Sources/Core/A.swift", target: "Core", layer: "core", lines: (9, 10)),
        file("Sources/App/main.swift", target: "App", layer: "unassigned", lines: (0, 10)),
      ])
    XCTAssertEqual(report.layers.map(\.name), ["core", "unassigned"])
    XCTAssertEqual(report.layers.map(\.gated), [true, false])
    XCTAssertEqual(report.layers[1].totals.lines, Metric(covered: 0, count: 10))
  }

  func testOverallThresholds() throws {
    let report = evaluate(
      config(overall: [.lines: Threshold(minimum: 50, target: 80)]),
      [
        file("Sources/Core/A.swift", target: "Core", layer: "logic", lines: (6, 10)),
        file("Sources/CoreUI/V.swift", target: "CoreUI", layer: "ui", lines: (0, 10)),
      ])
    XCTAssertEqual(report.gate.verdicts.map(\.scopeKind), [.total, .total])
    XCTAssertEqual(report.gate.verdicts.map(\.scope), ["total", "total"])
    XCTAssertEqual(report.gate.verdicts.map(\.status), [.failed, .warning])
    XCTAssertEqual(
      report.gate.verdicts.first?.message, "total: lines 30.00% (6/20) is below the minimum 50%")
  }

  func testFileMinimumFailsPerFileOfGatedLayers() {
    let report = evaluate(
      config(fileMinimum: [.lines: 50]),
      [
        file("Sources/Core/A.swift", target: "Core", layer: "logic", lines: (1, 4)),
        file("Sources/Core/B.swift", target: "Core", layer: "logic", lines: (5, 10)),
        file("Sources/Core/C.swift", target: "Core", layer: "logic", lines: (0, 3)),
        file("Sources/Core/Empty.swift", target: "Core", layer: "logic", lines: (0, 0)),
        file("Sources/CoreUI/V.swift", target: "CoreUI", layer: "ui", lines: (0, 10)),
      ])
    XCTAssertEqual(
      report.gate.failures.map(\.scope), ["Sources/Core/A.swift", "Sources/Core/C.swift"])
    XCTAssertTrue(
      report.gate.failures.allSatisfy { $0.rule == .fileMinimum && $0.scopeKind == .file })
    XCTAssertEqual(
      report.gate.failures.first?.message,
      "Sources/Core/A.swift: lines 25.00% (1/4) is below the file minimum 50%")
    XCTAssertFalse(report.gate.passed)
  }

  func testFileMinimumPassesWithOneVerdict() throws {
    let report = evaluate(
      config(fileMinimum: [.lines: 50]),
      [
        file("Sources/Core/A.swift", target: "Core", layer: "logic", lines: (2, 4)),
        file("Sources/CoreUI/V.swift", target: "CoreUI", layer: "ui", lines: (0, 10)),
      ])
    let verdict = try XCTUnwrap(report.gate.verdicts.first)
    XCTAssertEqual(report.gate.verdicts.count, 1)
    XCTAssertEqual(verdict.status, .passed)
    XCTAssertEqual(verdict.scope, "logic")
    XCTAssertEqual(
      verdict.message,
      "every file of the gated layers meets the file minimum 50% of lines (1 files)")
  }

  func testTargetsWithoutDataWarnByDefault() throws {
    let report = evaluate(
      config(), [file("Sources/Core/A.swift", target: "Core", layer: "logic", lines: (1, 1))],
      withoutData: [shim])
    let verdict = try XCTUnwrap(report.gate.verdicts.first)
    XCTAssertEqual(verdict.rule, .targetWithoutData)
    XCTAssertEqual(verdict.scopeKind, .target)
    XCTAssertEqual(verdict.scope, "CShim")
    XCTAssertEqual(verdict.status, .warning)
    XCTAssertNil(verdict.metric)
    XCTAssertEqual(
      verdict.message,
      "logic: target CShim has no coverage data (2 files, 40 lines): C-family target: SwiftPM does not instrument it"
    )
    XCTAssertTrue(report.gate.passed)
    XCTAssertEqual(report.targetsWithoutData, [shim])
  }

  func testTargetsWithoutDataFailWhenConfigured() {
    let report = evaluate(
      config(policy: .fail),
      [file("Sources/Core/A.swift", target: "Core", layer: "logic", lines: (1, 1))],
      withoutData: [shim])
    XCTAssertEqual(report.gate.verdicts.map(\.status), [.failed])
    XCTAssertFalse(report.gate.passed)
  }

  func testTargetsWithoutDataIgnoredWhenConfigured() {
    let report = evaluate(
      config(policy: .ignore),
      [file("Sources/Core/A.swift", target: "Core", layer: "logic", lines: (1, 1))],
      withoutData: [shim])
    XCTAssertEqual(report.gate.verdicts, [])
    XCTAssertEqual(report.targetsWithoutData, [shim], "still listed")
  }

  func testTargetsWithoutDataOfNonGatedLayersAreOnlyListed() {
    var uiTarget = shim
    uiTarget.layer = "ui"
    let report = evaluate(
      config(policy: .fail),
      [file("Sources/Core/A.swift", target: "Core", layer: "logic", lines: (1, 1))],
      withoutData: [uiTarget])
    XCTAssertEqual(report.gate.verdicts, [])
    XCTAssertTrue(report.gate.passed)
  }

  func testReportCarriesPackageExcludedAndTests() {
    let excluded = [ExcludedFile(path: "Tests/T.swift", reason: "test target T")]
    let report = Evaluator(config: config()).evaluate(
      package: TestPackage.package, files: [], targetsWithoutData: [], excluded: excluded,
      capabilities: .llvmCov, tests: TestOutcome(passed: false, exitCode: 1))
    XCTAssertEqual(report.packageName, "Pkg")
    XCTAssertEqual(report.packageRoot, "/work/pkg")
    XCTAssertEqual(report.excludedFiles, excluded)
    XCTAssertEqual(report.tests, TestOutcome(passed: false, exitCode: 1))
    XCTAssertEqual(report.totals, .zero)
  }
}
