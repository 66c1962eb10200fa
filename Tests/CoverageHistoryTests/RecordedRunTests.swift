import CoverageHistory
import CoverageModel
import Foundation
import XCTest

final class RecordedRunTests: XCTestCase {
  private let date = Date(timeIntervalSince1970: 1_700_000_000)

  private func summary(lines: Int, of count: Int) -> Summary {
    Summary(
      lines: Metric(covered: lines, count: count), functions: Metric(covered: 1, count: 2),
      instantiations: Metric(covered: 9, count: 9), regions: Metric(covered: 3, count: 4))
  }

  private func report(gatePassed: Bool = true, tests: TestOutcome? = nil) -> CoverageReport {
    let core = TargetReport(name: "Core", totals: summary(lines: 60, of: 100), fileCount: 2)
    let ui = TargetReport(name: "AppUI", totals: summary(lines: 5, of: 50), fileCount: 1)
    let failing = Verdict(
      rule: .minimum, scopeKind: .layer, scope: "logic", metric: .lines, actual: nil, required: 99,
      status: .failed, message: "logic: below")
    return CoverageReport(
      packageName: "P", packageRoot: "/p", totals: summary(lines: 65, of: 150),
      layers: [
        LayerReport(
          name: "logic", gated: true, thresholds: [:], totals: core.totals, targets: [core]),
        LayerReport(
          name: "ui-glue", gated: false, thresholds: [:], totals: ui.totals, targets: [ui]),
      ],
      files: [], targetsWithoutData: [], excludedFiles: [],
      gate: GateResult(verdicts: gatePassed ? [] : [failing]), capabilities: .llvmCov,
      tests: tests)
  }

  func testARunKeepsTheCountsOfTheTotalEachLayerAndEachTarget() {
    let run = RecordedRun(report: report(), date: date, commit: "abc", branch: "main")

    XCTAssertEqual(run.date, date)
    XCTAssertEqual(run.commit, "abc")
    XCTAssertEqual(run.branch, "main")
    XCTAssertTrue(run.passed)
    XCTAssertEqual(run.totals.lines, Metric(covered: 65, count: 150))
    XCTAssertEqual(run.totals.regions, Metric(covered: 3, count: 4))
    XCTAssertEqual(run.layers.map(\.name), ["logic", "ui-glue"])
    XCTAssertEqual(run.layers.map(\.gated), [true, false])
    XCTAssertEqual(run.targets.map(\.name), ["Core", "AppUI"])
    XCTAssertEqual(run.targets.map(\.layer), ["logic", "ui-glue"])
    XCTAssertEqual(run.targets[1].figures.lines, Metric(covered: 5, count: 50))
  }

  func testARunPassesOnlyWhenTheGateAndTheTestsPassed() {
    XCTAssertFalse(
      RecordedRun(report: report(gatePassed: false), date: date, commit: "", branch: "").passed)
    let red = report(tests: TestOutcome(passed: false, exitCode: 1))
    XCTAssertFalse(RecordedRun(report: red, date: date, commit: "", branch: "").passed)
    let green = report(tests: TestOutcome(passed: true, exitCode: 0))
    XCTAssertTrue(RecordedRun(report: green, date: date, commit: "", branch: "").passed)
  }

  func testTheHistoryPointHoldsTheLinesOfTheTotalAndOfEachLayer() {
    let point = RecordedRun(report: report(), date: date, commit: "abc", branch: "main")
      .historyPoint

    XCTAssertEqual(
      point,
      HistoryPoint(
        date: date, commit: "abc", passed: true, lines: Metric(covered: 65, count: 150),
        layerLines: [
          "logic": Metric(covered: 60, count: 100), "ui-glue": Metric(covered: 5, count: 50),
        ]))
  }
}
