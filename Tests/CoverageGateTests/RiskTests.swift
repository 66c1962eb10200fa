import CoverageModel
import XCTest

@testable import CoverageGate

/// Per-function complexity, coverage and risk, and the `max_risk` rule.
final class RiskTests: XCTestCase {
  private func region(_ line: Int, _ column: Int, _ endLine: Int, _ endColumn: Int, _ count: UInt64)
    -> Region
  {
    Region(
      lineStart: line, columnStart: column, lineEnd: endLine, columnEnd: endColumn, count: count)
  }

  /// `f` (lines 1-10) holds a closure (lines 3-5); `g` (lines 12-14) stands alone and ran.
  private var records: [(name: String, regions: [Region])] {
    [
      ("f", [region(1, 10, 10, 2, 2), region(2, 9, 2, 20, 0), region(6, 5, 8, 6, 2)]),
      ("f-closure", [region(3, 20, 5, 6, 0)]),
      ("g", [region(12, 10, 14, 2, 1)]),
      ("f", [region(1, 10, 10, 2, 1), region(2, 9, 2, 20, 1), region(6, 5, 8, 6, 0)]),
    ]
  }

  func testComplexityCountsTheDecisionsOfAFunctionAndItsClosures() {
    let points = [
      DecisionPoint(location: SourceLocation(line: 2, column: 5), paths: 2),
      DecisionPoint(location: SourceLocation(line: 4, column: 7), paths: 3),
      DecisionPoint(location: SourceLocation(line: 13, column: 5), paths: 2),
    ]
    let risks = FunctionRisks.risks(records: records, points: points)
    XCTAssertEqual(risks.map(\.name), ["f", "g"])
    XCTAssertEqual(risks.map(\.line), [1, 12])
    XCTAssertEqual(risks.map(\.complexity), [1 + 1 + 2, 1 + 1])
    // Instantiations merged region by region: every one of f's three regions ran in one of them.
    XCTAssertEqual(
      risks.map(\.regions), [Metric(covered: 3, count: 3), Metric(covered: 1, count: 1)])
  }

  func testARecordWhoseBodyIsElsewhereIsNoFunctionOfTheFile() {
    let risks = FunctionRisks.risks(records: [("", [region(1, 1, 2, 1, 0)])], points: [])
    XCTAssertEqual(risks, [])
  }

  func testTheScoreIsCrap() {
    let half = FunctionRisk(
      name: "f", line: 1, complexity: 10, regions: Metric(covered: 1, count: 2))
    XCTAssertEqual(half.score, 100 * 0.125 + 10, accuracy: 1e-9)
    XCTAssertEqual(half.formattedScore, "22.5")
    let untested = FunctionRisk(
      name: "f", line: 1, complexity: 4, regions: Metric(covered: 0, count: 3))
    XCTAssertEqual(untested.score, 20)
    let tested = FunctionRisk(
      name: "f", line: 1, complexity: 4, regions: Metric(covered: 3, count: 3))
    XCTAssertEqual(tested.score, 4)
  }

  // MARK: max_risk

  func testMaxRiskIsAWholeNumberUnderALayer() throws {
    let config = try ConfigLoader.parse(
      "layers:\n  logic:\n    default: true\n    max_risk: 30\n", file: "pkg/.covgate.yml")
    XCTAssertEqual(config.layers.first?.maxRisk, 30)
    XCTAssertThrowsError(
      try ConfigLoader.parse(
        "layers:\n  logic:\n    default: true\n    max_risk: high\n", file: "pkg/.covgate.yml"))
  }

  private let layers = [LayerConfig(name: "logic", isDefault: true)].map { layer -> LayerConfig in
    var layer = layer
    layer.maxRisk = 30
    return layer
  }

  func testAFunctionAboveTheCapFailsWithWhereAndWhy() {
    let risky = FunctionRisk(
      name: "f", line: 12, complexity: 10, regions: Metric(covered: 1, count: 2))
    let calm = FunctionRisk(
      name: "g", line: 40, complexity: 3, regions: Metric(covered: 2, count: 2))
    let verdicts = RiskRules.verdicts(oneFileReport(risks: [calm, risky]), layers: layers)
    XCTAssertEqual(verdicts.map(\.status), [.passed])
    XCTAssertEqual(
      verdicts.first?.message,
      "logic: no function above risk 30 (highest 22.5 at Sources/Core/A.swift:12)")

    let riskier = FunctionRisk(
      name: "f", line: 12, complexity: 10, regions: Metric(covered: 0, count: 2))
    let failed = RiskRules.verdicts(oneFileReport(risks: [calm, riskier]), layers: layers)
    XCTAssertEqual(failed.map(\.status), [.failed])
    XCTAssertEqual(failed.first?.rule, .maxRisk)
    XCTAssertEqual(failed.first?.required, 30)
    XCTAssertEqual(
      failed.first?.message,
      "Sources/Core/A.swift:12: a function's risk 110.0 (complexity 10, 0.00% of regions run) is above the "
        + "max_risk 30 of layer 'logic'; test its untested paths or split it")
    XCTAssertEqual(failed.first?.line, 12)
  }

  func testWithoutDerivedBranchesTheCapIsNotApplicable() {
    let verdicts = RiskRules.verdicts(oneFileReport(risks: [], derived: false), layers: layers)
    XCTAssertEqual(verdicts.map(\.status), [.notApplicable])
  }

  func testTheRankingListsGatedLayersRiskiestFirst() {
    let low = FunctionRisk(
      name: "low", line: 1, complexity: 2, regions: Metric(covered: 1, count: 2))
    let high = FunctionRisk(
      name: "high", line: 9, complexity: 8, regions: Metric(covered: 0, count: 4))
    let simple = FunctionRisk(
      name: "simple", line: 20, complexity: 1, regions: Metric(covered: 1, count: 1))
    // Complex but every region run: its score (its complexity, 12) is above low's, yet nothing
    // in it is untested, so it is no risk a test could lower and is not listed.
    let tested = FunctionRisk(
      name: "tested", line: 30, complexity: 12, regions: Metric(covered: 6, count: 6))
    var ranked = oneFileReport(risks: [low, high, simple, tested])
    XCTAssertEqual(ranked.riskiestFunctions(limit: 10).map(\.risk.name), ["high", "low"])
    ranked.layers[0].gated = false
    XCTAssertEqual(ranked.riskiestFunctions(limit: 10).count, 0)
  }

  /// The top of the ranking equals a full sort by score, path and line, for every limit and
  /// with ties on every key.
  func testRankingIsTheTopOfAFullSort() {
    var generator = SystemRandomNumberGenerator()
    var report = oneFileReport(risks: [])
    let template = report.files[0]
    report.files = (0..<12).map { index in
      var file = template
      file.path = "Sources/Core/F\(index % 5).swift" + (index >= 5 ? "\(index)" : "")
      file.coverage.risks = (0..<40).map { _ in
        FunctionRisk(
          name: "f\(Int.random(in: 0..<1000, using: &generator))",
          line: Int.random(in: 1..<6, using: &generator),
          complexity: Int.random(in: 1..<5, using: &generator),
          regions: Metric(covered: Int.random(in: 0..<3, using: &generator), count: 2))
      }
      return file
    }
    var everything: [(path: String, risk: FunctionRisk)] = []
    for file in report.files {
      for risk in file.coverage.risks where risk.regions.missed > 0 {
        everything.append((file.path, risk))
      }
    }
    let sorted = everything.enumerated().sorted { a, b in
      if a.element.risk.score != b.element.risk.score {
        return a.element.risk.score > b.element.risk.score
      }
      if a.element.path != b.element.path { return a.element.path < b.element.path }
      if a.element.risk.line != b.element.risk.line {
        return a.element.risk.line < b.element.risk.line
      }
      return a.offset < b.offset
    }.map { "\($0.element.path):\($0.element.risk.line) \($0.element.risk.name)" }
    for limit in [1, 3, 10, 100, 1000] {
      let ranked = report.riskiestFunctions(limit: limit).map {
        "\($0.file.path):\($0.risk.line) \($0.risk.name)"
      }
      XCTAssertEqual(ranked, Array(sorted.prefix(limit)), "limit \(limit)")
    }
  }
}
