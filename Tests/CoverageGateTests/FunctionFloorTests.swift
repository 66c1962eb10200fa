import CoverageModel
import XCTest

@testable import CoverageGate

/// `function_minimum`: the per-function floor of gated layers.
final class FunctionFloorTests: XCTestCase {
  func testTheFloorIsAPercentageOfRegions() throws {
    let config = try ConfigLoader.parse(
      "function_minimum: { regions: 50 }\n", file: "pkg/.covgate.yml")
    XCTAssertEqual(config.functionMinimum, 50)
    for (yaml, says) in [
      ("function_minimum: { lines: 50 }\n", "valid keys: regions"),
      ("function_minimum: { regions: 150 }\n", "function_minimum.regions"),
    ] {
      XCTAssertThrowsError(try ConfigLoader.parse(yaml, file: "pkg/.covgate.yml")) { error in
        XCTAssertTrue("\(error)".contains(says), "\(error)")
        XCTAssertTrue("\(error)".contains(".covgate.yml:1:"), "\(error)")
      }
    }
  }

  private func function(_ line: Int, _ covered: Int, of count: Int) -> FunctionRisk {
    FunctionRisk(
      name: "f\(line)", line: line, complexity: 1, regions: Metric(covered: covered, count: count))
  }

  func testEachFunctionBelowFailsWithWhereAndHowMuch() {
    let verdicts = FunctionFloor.verdicts(
      oneFileReport(risks: [function(30, 1, of: 4), function(10, 2, of: 4), function(50, 0, of: 1)]
      ),
      layers: [], everyLayer: 50)
    XCTAssertEqual(verdicts.map(\.status), [.failed, .failed])
    XCTAssertEqual(verdicts.map(\.rule), [.functionMinimum, .functionMinimum])
    XCTAssertEqual(
      verdicts.map(\.actual), [Metric(covered: 1, count: 4), Metric(covered: 0, count: 1)])
    XCTAssertEqual(verdicts.map(\.line), [30, 50])
    XCTAssertEqual(
      verdicts.first?.message,
      "Sources/Core/A.swift:30: a function runs 25.00% of its regions (1/4), below the function "
        + "minimum 50% of layer 'logic'")
  }

  func testALayerWithEveryFunctionAtTheFloorPassesNamingItsLowest() {
    let verdicts = FunctionFloor.verdicts(
      oneFileReport(risks: [function(10, 2, of: 4), function(20, 3, of: 3), function(40, 0, of: 0)]
      ),
      layers: [], everyLayer: 50)
    XCTAssertEqual(verdicts.map(\.status), [.passed])
    XCTAssertEqual(
      verdicts.first?.message,
      "logic: every function runs at least 50% of its regions (2 functions; lowest 50.00% at "
        + "Sources/Core/A.swift:10)")
  }

  /// A layer's own floor takes the top-level one's place; without either, nothing is judged.
  func testALayersOwnFloorComesFirst() throws {
    let config = try ConfigLoader.parse(
      "function_minimum: { regions: 10 }\nlayers:\n  logic:\n    default: true\n"
        + "    function_minimum: { regions: 50 }\n",
      file: "pkg/.covgate.yml")
    XCTAssertEqual(config.layers.first?.functionMinimum, 50)
    let report = oneFileReport(risks: [function(10, 1, of: 4)])
    XCTAssertEqual(
      FunctionFloor.verdicts(report, layers: config.layers, everyLayer: 10).map(\.status),
      [.failed], "25% is below the layer's 50%, above the top-level 10%")
    XCTAssertEqual(
      FunctionFloor.verdicts(report, layers: [], everyLayer: 10).map(\.status), [.passed])
    XCTAssertEqual(FunctionFloor.verdicts(report, layers: [], everyLayer: nil), [])
  }

  func testWithoutDerivedBranchesTheFloorIsNotApplicableAndUngatedLayersAreNotJudged() {
    XCTAssertEqual(
      FunctionFloor.verdicts(oneFileReport(risks: [], derived: false), layers: [], everyLayer: 50)
        .map(\.status),
      [.notApplicable])
    XCTAssertEqual(
      FunctionFloor.verdicts(
        oneFileReport(risks: [function(1, 0, of: 2)], gated: false), layers: [], everyLayer: 50),
      [])
  }
}
