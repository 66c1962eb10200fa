import CoverageModel
import CoverageReaders
import XCTest

@testable import CoverageGate

/// A rule on a figure the data does not hold is refused with the rule, the metric and the
/// producer named, for every kind of rule; rules on lines and functions pass everywhere.
final class MetricAvailabilityTests: XCTestCase {
  private func refusal(_ config: GateConfig, _ capabilities: Capabilities) -> String? {
    do {
      try MetricAvailability.check(config, holds: capabilities)
      return nil
    } catch {
      return (error as? ConfigError)?.description ?? "\(error)"
    }
  }

  private func layer(_ thresholds: Thresholds) -> LayerConfig {
    LayerConfig(name: "logic", isDefault: true, thresholds: thresholds)
  }

  func testLinesAndFunctionsRulesHoldForEverySource() {
    let config = GateConfig(
      layers: [layer([.lines: Threshold(minimum: 60), .functions: Threshold(minimum: 50)])],
      fileMinimum: [.lines: 10], overall: [.functions: Threshold(minimum: 1)])
    for capabilities in [Capabilities.llvmCov, .xccov, .lcov] {
      XCTAssertNil(refusal(config, capabilities))
    }
    XCTAssertNil(refusal(.defaults, .lcov))
    XCTAssertNil(refusal(.appDefaults, .xccov))
  }

  func testEachRuleOnRegionsIsRefusedWithoutRegions() {
    var withFunctionMinimum = GateConfig(layers: [layer([:])], source: "/p/.covgate.yml")
    withFunctionMinimum.functionMinimum = 50
    let cases: [(GateConfig, String)] = [
      (
        GateConfig(layers: [layer([.regions: Threshold(minimum: 50)])], source: "/p/.covgate.yml"),
        "/p/.covgate.yml: layer 'logic' gates regions, which LCOV data does not hold (it has lines and functions); gate lines or functions, or measure with llvm-cov (covgate run, --input)"
      ),
      (
        GateConfig(layers: [layer([:])], overall: [.instantiations: Threshold(minimum: 1)]),
        ".covgate.yml: overall gates instantiations, which LCOV data does not hold"
      ),
      (
        GateConfig(layers: [layer([:])], fileMinimum: [.regions: 5]),
        ".covgate.yml: file_minimum gates regions, which LCOV data does not hold"
      ),
      (
        withFunctionMinimum,
        "/p/.covgate.yml: function_minimum gates each function's regions, which LCOV data does not hold"
      ),
    ]
    for (config, message) in cases {
      let refused = refusal(config, .lcov)
      XCTAssertTrue(refused?.hasPrefix(message) == true, "\(String(describing: refused))")
      XCTAssertNotNil(refusal(config, .xccov))
      XCTAssertNil(refusal(config, .llvmCov))
    }
  }

  func testALayersOwnFunctionMinimumIsRefusedAtItsLine() {
    var logic = layer([:])
    logic.functionMinimum = 50
    logic.location = SourceLocation(line: 4, column: 3)
    XCTAssertEqual(
      refusal(GateConfig(layers: [logic], source: "c.yml"), .xccov)?.components(separatedBy: ";")
        .first,
      "c.yml:4: layer 'logic' function_minimum gates each function's regions, which xccov data does not hold (it has lines and functions)"
    )
  }
}
