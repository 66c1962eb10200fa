import CoverageModel
import Foundation
import Mutation
import XCTest

@testable import CovgateKit

/// `--mutation-report`: a mutate run's JSON read into the coverage reports' findings, and every
/// way it can be wrong refused in one line.
final class MutationFindingsFileTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "covgate-findings-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  private func result(_ id: Int, line: Int, _ outcome: MutationOutcome, layer: String = "logic")
    -> MutantResult
  {
    MutantResult(
      mutant: Mutant(
        id: id, file: "Sources/Core/Rules.swift", line: line, column: 12,
        kind: .relationalBoundary, original: "<", mutated: "<="),
      target: "Core", layer: layer, outcome: outcome, tests: ["RulesTests.testLimit"])
  }

  private func write(_ report: MutationReport, as name: String = "covgate-mutation.json") throws
    -> String
  {
    let path = folder.appendingPathComponent(name).path
    try JSONEncoder().encode(report).write(to: URL(fileURLWithPath: path))
    return path
  }

  private var report: MutationReport {
    MutationReport(
      packageName: "Demo", scope: "changes since main",
      results: [
        result(2, line: 9, .survived), result(1, line: 3, .killed),
        result(3, line: 3, .survived, layer: "ui"), result(4, line: 5, .noCoverage),
      ], skipped: [], seconds: .init(baseline: 1, build: 1, mutants: 1))
  }

  func testTheFindingsAreTheReportsLayersAndSurvivorsInLineOrder() throws {
    let path = try write(report)
    FileManager.default.createFile(
      atPath: folder.appendingPathComponent("covgate-mutation.html").path, contents: Data())
    let findings = try MutationFindingsFile.read(path: path, outputFolder: folder.path)
    XCTAssertEqual(findings.survivors.map(\.id), [3, 2])
    XCTAssertEqual(findings.survivors.first?.tests, ["RulesTests.testLimit"])
    XCTAssertEqual(
      findings.layers,
      [
        .init(
          name: "logic", score: Metric(covered: 1, count: 2), survived: 1, timedOut: 0,
          noCoverage: 1),
        .init(
          name: "ui", score: Metric(covered: 0, count: 1), survived: 1, timedOut: 0, noCoverage: 0),
      ])
    XCTAssertEqual(findings.page, "covgate-mutation.html")
    let elsewhere = try MutationFindingsFile.read(
      path: path, outputFolder: folder.appendingPathComponent("site").path)
    XCTAssertNil(elsewhere.page, "mutate's page is not under the site: no link")
  }

  func testAMissingMalformedOrShardFileIsOneLineNamingTheFix() throws {
    func message(_ path: String) -> String {
      do {
        _ = try MutationFindingsFile.read(path: path, outputFolder: folder.path)
        return "read"
      } catch { return "\(error)" }
    }
    let missing = folder.appendingPathComponent("none.json").path
    XCTAssertEqual(
      message(missing),
      "--mutation-report \(missing): no such file; pass the covgate-mutation.json a covgate mutate run wrote (--format json)"
    )
    let truncated = folder.appendingPathComponent("cut.json")
    try Data(try JSONEncoder().encode(report).prefix(40)).write(to: truncated)
    XCTAssertTrue(message(truncated.path).contains(": not a covgate mutate report (invalid JSON)"))
    var part = report
    part.shard = MutationShard(
      index: 1, count: 2, commit: "abc", baseCommit: nil, mutantsDigest: "d",
      expectedMilliseconds: [nil, nil], mutants: [1, 2])
    XCTAssertTrue(
      message(try write(part, as: "part.json")).hasSuffix(
        "it is part 1 of 2 of a sharded run; merge the parts first (covgate mutate merge)"))
    XCTAssertFalse(message(truncated.path).contains("\n"))
  }

  func testASurvivorNotInTheSourceAsItIsNowRefusesTheReport() throws {
    let findings = try MutationFindingsFile.read(path: try write(report), outputFolder: "/x")
    let now = (1...9).map { $0 == 9 || $0 == 3 ? "      if a < b {" : "" }.joined(separator: "\n")
    XCTAssertNoThrow(
      try MutationFindingsFile.checkSurvivors(of: findings, path: "m.json") { _ in now })
    let edited = now.replacingOccurrences(of: "a < b", with: "a == b")
    XCTAssertThrowsError(
      try MutationFindingsFile.checkSurvivors(of: findings, path: "m.json") { _ in edited }
    ) { error in
      XCTAssertEqual(
        "\(error)",
        "--mutation-report m.json: its survivor 3 (`<` at Sources/Core/Rules.swift:3:12) is not in the source as it is now: the report is of other code; run covgate mutate again"
      )
    }
    XCTAssertThrowsError(
      try MutationFindingsFile.checkSurvivors(of: findings, path: "m.json") { _ in nil },
      "a survivor's file that is gone")
  }
}
