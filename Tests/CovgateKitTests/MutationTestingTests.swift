import CoverageGate
import CoverageModel
import Foundation
import Mutation
import XCTest

@testable import CovgateKit

/// `covgate mutate`'s request as the kit reads it: what it refuses before anything is copied,
/// built or run, and the request `covgate run --mutate` makes of its own run.
final class MutationTestingTests: XCTestCase {
  private func pipeline(base: String?, patchBase: String?, output: String? = nil) -> Pipeline {
    var config = GateConfig.defaults
    config.patch.base = patchBase
    config.mutation.minimum = 75
    return Pipeline(
      settings: RunSettings(
        packageRoot: "/work/Demo", config: config,
        source: .tests(arguments: [], timeout: nil, perTest: nil, repeat: 1),
        outputFolder: output, base: base),
      services: .live(root: "/work/Demo", observer: RecordingObserver(log: EventLog())))
  }

  /// `run --mutate` mutates the lines changed since the run's base, with the config the run
  /// read (not read again) and the run's output folder.
  func testRunMutateAsksForTheRunsBaseWithTheConfigItRead() throws {
    let request = try MutationTesting.request(after: pipeline(base: "origin/main", patchBase: "x"))
    XCTAssertEqual(request.packageRoot, "/work/Demo")
    XCTAssertEqual(request.base, "origin/main")
    XCTAssertEqual(request.config?.mutation.minimum, 75)
    XCTAssertEqual(request.config?.patch.base, "x")
    XCTAssertEqual(request.outputFolder, "/work/Demo/.build/covgate")
    XCTAssertEqual(request.files, [])
    XCTAssertFalse(request.all)
    XCTAssertEqual(request.formats, [])

    let fromConfig = try MutationTesting.request(
      after: pipeline(base: nil, patchBase: "main", output: "/tmp/out"))
    XCTAssertEqual(fromConfig.base, "main")
    XCTAssertEqual(fromConfig.outputFolder, "/tmp/out")
  }

  func testRunMutateWithoutABaseIsRefusedBeforeTheRun() {
    XCTAssertThrowsError(try MutationTesting.request(after: pipeline(base: nil, patchBase: nil))) {
      XCTAssertEqual(String(describing: $0), String(describing: MutationError.noScope))
    }
  }

  /// `--shard` and `--test-map` are checked before anything is copied, built or run.
  func testABadTestMapOrShardFailsBeforeAnythingRuns() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
      .path
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: root) }
    func request(shard: String, testMap: String?) -> MutationRequest {
      MutationRequest(
        packageRoot: root, configFile: ConfigFile(given: nil, root: root), all: true, shard: shard,
        testMap: testMap)
    }
    let observer = RecordingObserver(log: EventLog())
    XCTAssertThrowsError(
      try MutationTesting.run(
        request(shard: "1/2", testMap: "\(root)/none.json"), observer: observer)
    ) { error in
      XCTAssertEqual(
        String(describing: error),
        "--test-map \(root)/none.json: no such file; give a covgate-test-map.json of `covgate run --per-test`, the same file to every shard"
      )
    }
    try Data("[1]".utf8).write(to: URL(fileURLWithPath: "\(root)/map.json"))
    XCTAssertThrowsError(
      try MutationTesting.run(
        request(shard: "1/2", testMap: "\(root)/map.json"), observer: observer)
    ) { error in
      let text = String(describing: error)
      XCTAssertTrue(text.hasPrefix("--test-map \(root)/map.json: not a covgate test map"), text)
      XCTAssertTrue(text.hasSuffix("the same file to every shard"), text)
    }
    XCTAssertThrowsError(
      try MutationTesting.run(request(shard: "3/2", testMap: nil), observer: observer)
    ) { error in
      XCTAssertEqual(
        (error as? UsageError)?.message, "--shard takes K/N with 1 <= K <= N, e.g. 2/3; got '3/2'")
    }
    // Nothing was copied into the package's folder.
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root), ["map.json"])
  }

  // MARK: - The baseline's mutation scores

  /// `--update-baseline` keeps a whole run's scores: asked of a change, or of a shard, it is
  /// refused before anything runs.
  func testUpdatingTheBaselineAsksForAWholeRunBeforeAnythingRuns() throws {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let observer = RecordingObserver(log: EventLog())
    for (request, message) in [
      (
        MutationRequest(
          packageRoot: root, configFile: ConfigFile(given: nil, root: root), base: "main",
          updatesBaseline: true),
        "--update-baseline keeps the mutation score of every line: run covgate mutate --all (a change's or a file's score is of other code each time)"
      ),
      (
        MutationRequest(
          packageRoot: root, configFile: ConfigFile(given: nil, root: root), all: true,
          shard: "1/2", updatesBaseline: true),
        "--update-baseline keeps the whole run's score: give it to covgate mutate merge, not to a shard"
      ),
    ] {
      XCTAssertThrowsError(try MutationTesting.run(request, observer: observer)) { error in
        XCTAssertEqual((error as? UsageError)?.message, message)
      }
    }
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root), [])
  }

  /// A whole run is judged against the scores the baseline file keeps, and raises them when
  /// asked, leaving the file's coverage figures as they were.
  func testAWholeRunIsJudgedByTheBaselineAndRaisesItsScores() throws {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let figures = Baseline.Figures(
      lines: Metric(covered: 9, count: 10), functions: Metric(covered: 1, count: 1),
      regions: Metric(covered: 3, count: 4))
    var saved = Baseline(layers: ["logic": figures], targets: [:])
    saved.mutation = ["logic": Metric(covered: 3, count: 4)]
    let path = "\(root)/.covgate-baseline.json"
    try BaselineFile(path: path).write(saved)
    let config = GateConfig.defaults
    let read = try MutationTesting.readBaseline(root: root, config: config)
    XCTAssertEqual(read, saved)

    let dropped = try MutationTesting.ratchet(
      report(killed: 1, survived: 1, scope: MutationReport.wholeRunScope), saved: read,
      root: root, config: config, update: true, notice: { _ in })
    XCTAssertEqual(dropped.verdicts.map(\.rule), [.mutationBaseline])
    XCTAssertFalse(dropped.passed)
    XCTAssertEqual(try MutationTesting.readBaseline(root: root, config: config), saved)

    var notices: [String] = []
    let rose = try MutationTesting.ratchet(
      report(killed: 9, survived: 1, scope: MutationReport.wholeRunScope), saved: read,
      root: root, config: config, update: true, notice: { notices.append($0) })
    XCTAssertTrue(rose.passed)
    let raised = try XCTUnwrap(MutationTesting.readBaseline(root: root, config: config))
    XCTAssertEqual(raised.mutation, ["logic": Metric(covered: 9, count: 10)])
    XCTAssertEqual(raised.layers, saved.layers)
    XCTAssertEqual(notices, ["covgate: baseline's mutation scores updated: \(path)"])
  }

  /// A change's report is neither judged by the whole run's scores nor kept.
  func testAChangesReportIsNotJudgedByTheBaselineNorKept() throws {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    var saved = Baseline(layers: [:], targets: [:])
    saved.mutation = ["logic": Metric(covered: 9, count: 10)]
    let change = report(killed: 1, survived: 9, scope: "lines changed since main")
    let judged = try MutationTesting.ratchet(
      change, saved: saved, root: root, config: .defaults, update: false, notice: { _ in })
    XCTAssertEqual(judged, change)
    XCTAssertThrowsError(
      try MutationTesting.ratchet(
        change, saved: saved, root: root, config: .defaults, update: true, notice: { _ in })
    ) { error in
      XCTAssertEqual(
        (error as? UsageError)?.message,
        "--update-baseline keeps the score of a whole run: these shards mutated lines changed since main; run them with --all"
      )
    }
  }

  private func report(killed: Int, survived: Int, scope: String) -> MutationReport {
    func result(_ id: Int, _ outcome: MutationOutcome) -> MutantResult {
      MutantResult(
        mutant: Mutant(
          id: id, file: "Sources/A/A.swift", line: id, column: 1, kind: .arithmetic,
          original: "a + b", mutated: "a - b"),
        target: "A", layer: "logic", outcome: outcome)
    }
    let results =
      (0..<killed).map { result($0 + 1, .killed) }
      + (0..<survived).map { result(killed + $0 + 1, .survived) }
    return MutationReport(
      packageName: "A", scope: scope, results: results, skipped: [],
      seconds: .init(baseline: 0, build: 0, mutants: 0))
  }

  private func temporaryFolder() throws -> String {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
      .path
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    return root
  }
}
