import CoverageModel
import XCTest

@testable import CoverageGate

final class BaselineRulesTests: XCTestCase {
  private func report(lines: Metric, gated: Bool = true) -> CoverageReport {
    let totals = Summary(lines: lines, functions: Metric(covered: 1, count: 2))
    return CoverageReport(
      packageName: "P", packageRoot: "/p", totals: totals,
      layers: [
        LayerReport(
          name: "logic", gated: gated, thresholds: [:], totals: totals,
          targets: [TargetReport(name: "Core", totals: totals, fileCount: 1)])
      ],
      files: [], targetsWithoutData: [], excludedFiles: [], gate: GateResult(verdicts: []),
      capabilities: .llvmCov)
  }

  private func baseline(lines: Metric) -> Baseline {
    Baseline(report(lines: lines))
  }

  func testADropBeyondTheToleranceFailsAndSaysByHowMuch() {
    let rules = BaselineRules(
      baseline: baseline(lines: Metric(covered: 8062, count: 10_000)), tolerance: 0.1)
    let verdicts = rules.verdicts(for: report(lines: Metric(covered: 8010, count: 10_000)))
    let layer = verdicts.first { $0.scopeKind == .layer && $0.metric == .lines }
    XCTAssertEqual(layer?.status, .failed)
    XCTAssertEqual(
      layer?.message,
      "logic: lines 80.10% (8010/10000) dropped 0.52 points below the baseline 80.62% (tolerance 0.1)"
    )
    XCTAssertEqual(verdicts.filter { $0.status == .failed }.count, 2, "layer and target")
  }

  func testADropWithinTheToleranceAndARisePass() {
    let rules = BaselineRules(
      baseline: baseline(lines: Metric(covered: 8062, count: 10_000)), tolerance: 0.1)
    XCTAssertTrue(
      rules.verdicts(for: report(lines: Metric(covered: 8053, count: 10_000))).allSatisfy {
        $0.status == .passed
      })
    XCTAssertTrue(
      rules.verdicts(for: report(lines: Metric(covered: 9000, count: 10_000))).allSatisfy {
        $0.status == .passed
      })
  }

  func testNonGatedLayersAndUnknownScopesAreNotCompared() {
    let rules = BaselineRules(
      baseline: baseline(lines: Metric(covered: 9, count: 10)), tolerance: 0.1)
    XCTAssertTrue(
      rules.verdicts(for: report(lines: Metric(covered: 1, count: 10), gated: false)).isEmpty)
    let other = BaselineRules(baseline: Baseline(layers: [:], targets: [:]), tolerance: 0.1)
    XCTAssertTrue(other.verdicts(for: report(lines: Metric(covered: 1, count: 10))).isEmpty)
  }

  func testRaisingOnlyEverMovesUp() {
    let rules = BaselineRules(
      baseline: baseline(lines: Metric(covered: 8, count: 10)), tolerance: 0.1)
    XCTAssertEqual(
      rules.raised(by: report(lines: Metric(covered: 7, count: 10))).layers["logic"]?.lines,
      Metric(covered: 8, count: 10))
    XCTAssertEqual(
      rules.raised(by: report(lines: Metric(covered: 9, count: 10))).layers["logic"]?.lines,
      Metric(covered: 9, count: 10))
  }
}
