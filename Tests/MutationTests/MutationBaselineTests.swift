import CoverageGate
import CoverageModel
import XCTest

@testable import Mutation

/// The ratchet on a whole run's mutation scores: a drop past the tolerance fails, naming the
/// layer, the score and the baseline's; the kept scores only rise, and only gated layers'.
final class MutationBaselineTests: XCTestCase {
  private func config() throws -> GateConfig {
    try ConfigLoader.parse(
      """
      version: 1
      baseline: { tolerance: 1 }
      layers:
        logic: { default: true }
        core: { targets: [Core] }
        ui: { targets: ["*UI"], gated: false }
      """, file: "pkg/.covgate.yml")
  }

  private func score(_ name: String, killed: Int, survived: Int) -> MutationScore {
    MutationScore(name: name, counts: [.killed: killed, .survived: survived, .noCoverage: 4])
  }

  func testADropPastTheToleranceFailsAndASmallerOneHolds() throws {
    let saved = [
      "logic": Metric(covered: 8, count: 10), "core": Metric(covered: 50, count: 100),
      "ui": Metric(covered: 9, count: 10),
    ]
    let verdicts = MutationBaseline.verdicts(
      [
        score("logic", killed: 7, survived: 3), score("core", killed: 99, survived: 101),
        score("ui", killed: 0, survived: 10),
      ], saved: saved, config: try config())
    XCTAssertEqual(verdicts.map(\.scope), ["logic", "core"])
    XCTAssertEqual(verdicts.map(\.status), [.failed, .passed])
    XCTAssertEqual(verdicts.map(\.rule), [.mutationBaseline, .mutationBaseline])
    XCTAssertEqual(
      verdicts[0].message,
      "logic: mutation score 70.00% (7/10) dropped 10.00 points below the baseline 80.00% (tolerance 1)"
    )
    XCTAssertEqual(verdicts[0].required, 80)
    // 49.5% against 50%: within the tolerance of 1 point.
    XCTAssertEqual(
      verdicts[1].message, "core: mutation score 49.50% (99/200) holds the baseline 50.00%")
  }

  func testALayerWithoutAScoreNowOrInTheBaselineIsNotJudged() throws {
    let verdicts = MutationBaseline.verdicts(
      [score("logic", killed: 0, survived: 0), score("core", killed: 1, survived: 1)],
      saved: ["logic": Metric(covered: 8, count: 10)], config: try config())
    XCTAssertEqual(verdicts, [])
  }

  func testRaisedKeepsTheHigherScoreOfEachGatedLayerAndNeverLowersOne() throws {
    let raised = MutationBaseline.raised(
      ["logic": Metric(covered: 8, count: 10), "core": Metric(covered: 1, count: 4)],
      by: [
        score("logic", killed: 7, survived: 3), score("core", killed: 3, survived: 1),
        score("ui", killed: 10, survived: 0), score("empty", killed: 0, survived: 0),
      ], config: try config())
    XCTAssertEqual(
      raised, ["logic": Metric(covered: 8, count: 10), "core": Metric(covered: 3, count: 4)])
    XCTAssertEqual(
      MutationBaseline.raised(
        nil, by: [score("logic", killed: 1, survived: 1)], config: try config()),
      ["logic": Metric(covered: 1, count: 2)])
  }
}
