import CoverageGate
import CoverageModel
import XCTest

@testable import Mutation

/// The `mutation` config keys and the gate on each gated layer's mutation score.
final class MutationGateTests: XCTestCase {
  private let file = "pkg/.covgate.yml"

  func testMutationKeysParseAtTheTopAndPerLayer() throws {
    let config = try ConfigLoader.parse(
      """
      version: 1
      mutation: { minimum: 60, ignore_calls: [log, trace] }
      layers:
        logic: { default: true, mutation: { minimum: 75 } }
        core: { targets: [Core], lines: 50 }
        ui: { targets: ["*UI"], gated: false }
      """, file: file)
    XCTAssertEqual(config.mutation.minimum, 60)
    XCTAssertEqual(config.mutation.ignoredCalls, ["log", "trace"])
    XCTAssertEqual(config.layers.first { $0.name == "logic" }?.mutationMinimum, 75)
    XCTAssertNil(config.layers.first { $0.name == "core" }?.mutationMinimum)
  }

  func testAcceptedMutantsNeedFileCodeMutantAndReason() throws {
    let config = try ConfigLoader.parse(
      """
      version: 1
      mutation:
        accept:
          - { file: Sources/A/Tax.swift, code: "a < b", mutant: "a <= b", reason: "equal at b" }
      """, file: file)
    XCTAssertEqual(
      config.mutation.accepted,
      [.init(file: "Sources/A/Tax.swift", code: "a < b", mutant: "a <= b", reason: "equal at b")])
    XCTAssertThrowsError(
      try ConfigLoader.parse(
        "version: 1\nmutation:\n  accept:\n    - { file: A.swift, code: x }\n", file: file)
    ) { error in
      XCTAssertTrue(String(describing: error).contains("needs 'mutant'"), "\(error)")
    }
    XCTAssertThrowsError(
      try ConfigLoader.parse("version: 1\nmutation: { accept: yes }\n", file: file)
    ) { error in
      XCTAssertTrue(String(describing: error).contains("must be a list"), "\(error)")
    }
  }

  func testAWrongMutationKeyOrValueIsAnErrorNamingIt() {
    for (text, part) in [
      ("version: 1\nmutation: { minimun: 60 }\n", "minimun"),
      ("version: 1\nmutation: { minimum: 160 }\n", "mutation.minimum"),
      ("version: 1\nlayers:\n  logic: { default: true, mutation: { target: 70 } }\n", "target"),
    ] {
      XCTAssertThrowsError(try ConfigLoader.parse(text, file: file), text) { error in
        XCTAssertTrue(String(describing: error).contains(part), "\(error)")
      }
    }
  }

  private func score(_ name: String, killed: Int, survived: Int, timedOut: Int = 0)
    -> MutationScore
  {
    MutationScore(name: name, counts: [.killed: killed, .survived: survived, .timedOut: timedOut])
  }

  func testEachGatedLayerIsJudgedByItsOwnMinimumElseTheTopLevelOne() throws {
    var config = try ConfigLoader.parse(
      """
      version: 1
      mutation: { minimum: 60 }
      layers:
        logic: { default: true, mutation: { minimum: 75 } }
        core: { targets: [Core] }
        ui: { targets: ["*UI"], gated: false }
      """, file: file)
    let verdicts = MutationGate.verdicts(
      [
        score("logic", killed: 7, survived: 3, timedOut: 4), score("core", killed: 3, survived: 2),
        score("ui", killed: 0, survived: 9),
      ], config: config)
    XCTAssertEqual(verdicts.map(\.scope), ["logic", "core"])
    XCTAssertEqual(verdicts.map(\.status), [.failed, .passed])
    // Timeouts are not kills: 7 of 10.
    XCTAssertEqual(
      verdicts[0].message, "logic: mutation score 70.00% (7 of 10 killed) is below the minimum 75%")
    XCTAssertEqual(verdicts[1].actual, Metric(covered: 3, count: 5))
    XCTAssertEqual(verdicts[1].required, 60)

    let nothing = MutationGate.verdicts([score("logic", killed: 0, survived: 0)], config: config)
    XCTAssertEqual(nothing.first?.status, .notApplicable)
    config.mutation.minimum = nil
    config.layers = config.layers.map {
      var layer = $0
      layer.mutationMinimum = nil
      return layer
    }
    XCTAssertTrue(
      MutationGate.verdicts([score("logic", killed: 1, survived: 9)], config: config).isEmpty)
  }
}
