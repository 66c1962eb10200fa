import CoverageGate
import CoverageModel
import Foundation
import XCTest

@testable import Mutation

/// `covgate mutate --shard K/N` and `covgate mutate merge` at the kit's level: the split is
/// balanced by the test map's times (dealt out by id without them), every shard's report goes
/// through the run's own assembly, and the merge of the shards is exactly the report of one
/// run of every mutant, or a one-line refusal naming the cause and the fix.
final class MutationShardTests: XCTestCase {
  private let commit = "0123456789abcdef0123456789abcdef01234567"

  /// A whole run's mutants and the outcomes their tests gave: two layers, every outcome, and a
  /// survivor the config accepts.
  private let found: [MutantResult] = {
    func result(
      _ id: Int, _ file: String, line: Int, _ outcome: MutationOutcome, layer: String = "logic",
      original: String = "a < b", mutated: String = "a <= b"
    ) -> MutantResult {
      var result = MutantResult(
        mutant: Mutant(
          id: id, file: file, line: line, column: 9, kind: .relationalBoundary,
          original: original, mutated: mutated),
        target: layer == "logic" ? "Pricing" : "Store", layer: layer, outcome: outcome,
        killedBy: outcome == .killed ? "PricingTests.TaxTests/testRate" : nil,
        tests: outcome == .noCoverage ? [] : ["PricingTests.TaxTests/testRate"],
        seconds: Double(id) / 10)
      result.cached = id == 2 ? true : nil
      return result
    }
    return [
      result(1, "Sources/Pricing/Tax.swift", line: 3, .killed),
      result(2, "Sources/Pricing/Tax.swift", line: 4, .killed),
      result(3, "Sources/Pricing/Tax.swift", line: 5, .survived),
      result(
        4, "Sources/Pricing/Tax.swift", line: 6, .survived, original: "x + 1", mutated: "x - 1"),
      result(5, "Sources/Pricing/Tax.swift", line: 7, .timedOut),
      result(6, "Sources/Pricing/Cart.swift", line: 2, .noCoverage),
      result(7, "Sources/Pricing/Cart.swift", line: 3, .unviable),
      result(8, "Sources/Store/Shelf.swift", line: 9, .killed, layer: "store"),
      result(9, "Sources/Store/Shelf.swift", line: 10, .survived, layer: "store"),
    ]
  }()

  private var mutants: [Mutant] { found.map(\.mutant) }

  /// Both layers gated at 70%; `x + 1` -> `x - 1` in Tax.swift accepted as equivalent.
  private var config: GateConfig {
    var config = GateConfig(layers: [
      LayerConfig(name: "logic", isDefault: true), LayerConfig(name: "store", gated: true),
    ])
    config.mutation.minimum = 70
    config.mutation.accepted = [
      GateConfig.AcceptedMutant(
        file: "Sources/Pricing/Tax.swift", code: "x + 1", mutant: "x - 1", reason: "equivalent")
    ]
    return config
  }

  private let seconds = MutationReport.Timing(baseline: 4, build: 9, mutants: 6)

  /// The report the run makes of `results` (its own assembly step), for `shard` or the whole.
  private func report(_ results: [MutantResult], shard: MutationShard?, log: EventLog = EventLog())
    -> MutationReport
  {
    MutationRun.report(
      MutationReport(
        packageName: "Shop", scope: "every line of the gated layers", results: results,
        skipped: [
          SkippedMutationSite(file: "Sources/Pricing/Tax.swift", line: 12, reason: "inside #if")
        ],
        seconds: seconds),
      shard: shard, config: config, notice: { log.add("notice \($0)") })
  }

  /// Shard `index` of `count` as the run makes it (`MutantSplit`), holding the results of the
  /// mutants the split gives it.
  private func shardReport(
    _ index: Int, of count: Int, expected: [Int?]? = nil, commit: String? = nil,
    scope: String? = nil
  ) -> (path: String, report: MutationReport) {
    var shard = MutantSplit.shard(
      index, of: count, mutants: mutants, times: nil, commit: commit ?? self.commit,
      baseCommit: nil)
    if let expected {
      shard.expectedMilliseconds = expected
      shard.mutants = MutationShard.mutants(of: index, count: count, expectedMilliseconds: expected)
    }
    let owned = Set(shard.mutants)
    var part = report(found.filter { owned.contains($0.mutant.id) }, shard: shard)
    if let scope { part.scope = scope }
    return ("shard-\(index)/covgate-mutation.json", part)
  }

  private func merge(_ parts: [(path: String, report: MutationReport)], log: EventLog = EventLog())
    throws -> MutationReport
  {
    try MutationShardMerge.merge(parts, config: config, notice: { log.add("notice \($0)") })
  }

  // MARK: - The split

  func testWithoutTimesTheSplitDealsTheMutantsOutById() {
    let none = [Int?](repeating: nil, count: 7)
    XCTAssertEqual(
      MutationShard.owners(expectedMilliseconds: none, count: 3), [1, 2, 3, 1, 2, 3, 1])
    XCTAssertEqual(MutationShard.mutants(of: 2, count: 3, expectedMilliseconds: none), [2, 5])
  }

  func testTheSplitBalancesTheExpectedTimeNotTheCount() {
    // One slow mutant (9 s) against eight quick ones (1 s each): by count, each shard would
    // get four or five; by time, the slow one is a shard's whole load.
    let expected: [Int?] = [1000, 1000, 9000, 1000, 1000, 1000, 1000, 1000, 1000]
    XCTAssertEqual(MutationShard.mutants(of: 1, count: 2, expectedMilliseconds: expected), [3])
    XCTAssertEqual(
      MutationShard.mutants(of: 2, count: 2, expectedMilliseconds: expected),
      [1, 2, 4, 5, 6, 7, 8, 9])
  }

  func testAMutantOfUnknownTimeWeighsAsTheMedianKnownOne() {
    // Known: 100, 200 and 300 ms, so the unknown fourth weighs 200. Heaviest first: 300 to
    // shard 1, the 200 of mutant 2 to shard 2, the unknown 200 to shard 2 (200 < 300), the 100
    // to shard 1 (300 < 400). Taken as 1 ms or as 300, it would split otherwise.
    let owners = MutationShard.owners(expectedMilliseconds: [100, 200, 300, nil], count: 2)
    XCTAssertEqual(owners, [1, 2, 1, 2])
  }

  func testTheExpectedTimeIsTheTimeOfTheTestsThatRanTheLine() {
    let map = TestMap(
      commit: commit, binaries: [],
      tests: [
        TestCaseResult(id: "T/fast", library: .xctest, status: .passed, seconds: 0.25),
        TestCaseResult(id: "T/slow", library: .xctest, status: .passed, seconds: 2),
        TestCaseResult(id: "T/broken", library: .xctest, status: .failed, seconds: 7),
      ],
      functions: [
        TestMap.Function(name: "tax", file: "Sources/Pricing/Tax.swift", firstLine: 2, lastLine: 8)
      ],
      ran: [[0], [0], [0]], linesNeverRun: ["Sources/Pricing/Tax.swift": [[7, 7]]])
    let expected = MutantSplit.expectedMilliseconds(of: Array(mutants.prefix(7)), in: map)
    // Lines 3 to 6: both passing tests (a failing one never judges a mutant); line 7 never ran;
    // Cart.swift is not in the map.
    XCTAssertEqual(expected, [2250, 2250, 2250, 2250, 0, nil, nil])
    XCTAssertEqual(
      MutantSplit.expectedMilliseconds(of: mutants, in: nil), Array(repeating: nil, count: 9))
  }

  // MARK: - The merge

  func testTwoShardsMergedAreOneRunOfEveryMutant() throws {
    let log = EventLog()
    let whole = report(found, shard: nil, log: log)
    let merged = try merge([shardReport(2, of: 2), shardReport(1, of: 2)], log: log)
    XCTAssertEqual(merged, whole)
    // What makes the equality worth having: an accepted survivor, a failed layer, a passed one.
    XCTAssertEqual(merged.results.filter { $0.outcome == .accepted }.map(\.mutant.id), [4])
    XCTAssertEqual(merged.verdicts.map(\.status), [.failed, .failed])
    XCTAssertFalse(merged.passed)
    XCTAssertNil(merged.shard)
  }

  func testShardsSplitByTimeMergeIntoOneRunToo() throws {
    let expected: [Int?] = [1000, 1000, 9000, 1000, 1000, nil, nil, 500, 500]
    let parts = (1...3).map { shardReport($0, of: 3, expected: expected) }
    XCTAssertEqual(parts.map(\.report.results.count).reduce(0, +), found.count)
    XCTAssertEqual(try merge(parts), report(found, shard: nil))
  }

  func testAShardIsNotGatedAndSaysWhichPartItIs() {
    let log = EventLog()
    let part = shardReport(1, of: 2).report
    XCTAssertEqual(part.verdicts, [])
    XCTAssertEqual(part.shard?.mutants, [1, 3, 5, 7, 9])
    XCTAssertEqual(part.results.map(\.mutant.id), [1, 3, 5, 7, 9])
    // Its part has no survivor the accept entry matches: said by the merge, not by a shard.
    _ = report(part.results, shard: part.shard, log: log)
    XCTAssertEqual(log.events, [])
  }

  func testAShardReportRoundTripsThroughItsJSON() throws {
    let part = shardReport(2, of: 2).report
    let data = try JSONEncoder().encode(part)
    XCTAssertEqual(try JSONDecoder().decode(MutationReport.self, from: data), part)
  }

  // MARK: - Refusals

  private func refusal(
    _ parts: [(path: String, report: MutationReport)], file: StaticString = #filePath,
    line: UInt = #line
  ) -> String {
    do {
      _ = try merge(parts)
      XCTFail("merged", file: file, line: line)
      return ""
    } catch {
      let text = String(describing: error)
      XCTAssertFalse(text.contains("\n"), text, file: file, line: line)
      return text
    }
  }

  func testShardsOfDifferentCommitsAreRefused() {
    let other = "fedcba9876543210fedcba9876543210fedcba98"
    XCTAssertEqual(
      refusal([shardReport(1, of: 2), shardReport(2, of: 2, commit: other)]),
      "cannot merge: shard-1/covgate-mutation.json ran on commit \(commit) and shard-2/covgate-mutation.json on \(other); merge the shards of one commit"
    )
  }

  func testShardsOfDifferentScopesAreRefused() {
    XCTAssertEqual(
      refusal([shardReport(1, of: 2), shardReport(2, of: 2, scope: "lines changed since main")]),
      "cannot merge: shard-1/covgate-mutation.json mutated Shop: every line of the gated layers and shard-2/covgate-mutation.json Shop: lines changed since main; run every shard with the same --base, --file or --all"
    )
  }

  func testShardsOfAnotherBaseCommitAreRefused() {
    var second = shardReport(2, of: 2)
    second.report.shard?.baseCommit = "abc"
    XCTAssertTrue(
      refusal([shardReport(1, of: 2), second]).contains("(merge base abc); run every shard with"))
  }

  func testAMissingShardIsRefused() {
    XCTAssertEqual(
      refusal([shardReport(1, of: 3), shardReport(3, of: 3)]),
      "cannot merge: shard 2/3 is missing; add its covgate-mutation.json (every shard of the split is needed)"
    )
  }

  func testADuplicatedShardIsRefused() {
    var again = shardReport(1, of: 2)
    again.path = "again/covgate-mutation.json"
    XCTAssertEqual(
      refusal([shardReport(1, of: 2), again, shardReport(2, of: 2)]),
      "cannot merge: shard 1/2 is given 2 times (shard-1/covgate-mutation.json, again/covgate-mutation.json); give each shard once"
    )
  }

  func testShardsOfDifferentCountsAreRefused() {
    XCTAssertEqual(
      refusal([shardReport(1, of: 2), shardReport(2, of: 3)]),
      "cannot merge: shard-1/covgate-mutation.json is shard 1/2 and shard-2/covgate-mutation.json shard 2/3; merge the shards of one split, all run with the same N"
    )
  }

  func testShardsOfDifferentMutantsOrTimesAreRefused() {
    var second = shardReport(2, of: 2)
    second.report.shard?.mutantsDigest = "0"
    let message =
      "cannot merge: shard-1/covgate-mutation.json and shard-2/covgate-mutation.json found different mutants or were split by different test maps; run every shard with the same covgate, config and --test-map"
    XCTAssertEqual(refusal([shardReport(1, of: 2), second]), message)
    let timed = shardReport(2, of: 2, expected: [1, 1, 1, 1, 1, 1, 1, 1, 2])
    XCTAssertEqual(refusal([shardReport(1, of: 2), timed]), message)
  }

  func testAShardWhoseMutantsAreNotTheSplitsIsRefused() {
    // It lists mutant 2, which the split gives shard 2, and holds its result.
    var first = shardReport(1, of: 2)
    first.report.shard?.mutants = [1, 2, 3, 5, 7, 9]
    first.report.results.insert(found[1], at: 1)
    XCTAssertEqual(
      refusal([first, shardReport(2, of: 2)]),
      "cannot merge: shard-1/covgate-mutation.json (shard 1/2) does not hold the mutants the split gives it (holds other shards' mutant 2); run that shard again with this covgate"
    )
    // It lists its own mutants but lacks the results of two.
    var second = shardReport(2, of: 2)
    second.report.results.removeAll { $0.mutant.id == 4 || $0.mutant.id == 8 }
    XCTAssertEqual(
      refusal([shardReport(1, of: 2), second]),
      "cannot merge: shard-2/covgate-mutation.json (shard 2/2) does not hold the mutants the split gives it (lacks mutants 4, 8); run that shard again with this covgate"
    )
  }

  func testAWholeRunsReportIsRefused() {
    XCTAssertEqual(
      refusal([("whole/covgate-mutation.json", report(found, shard: nil)), shardReport(2, of: 2)]),
      "cannot merge: whole/covgate-mutation.json is not a shard's report (it has no shard); give only the reports of covgate mutate --shard K/N"
    )
  }

  func testAFileThatIsNoReportIsRefused() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("covgate-test-map.json").path
    try Data("{\"commit\": \"x\"}".utf8).write(to: URL(fileURLWithPath: path))
    XCTAssertThrowsError(try MutationShardMerge.read([path, "\(folder.path)/none.json"])) { error in
      XCTAssertEqual(
        String(describing: error),
        "cannot merge: \(path) cannot be read as a covgate-mutation.json (not a covgate-mutation.json); give the JSON reports of covgate mutate --shard K/N"
      )
    }
    XCTAssertThrowsError(try MutationShardMerge.read(["\(folder.path)/none.json"])) { error in
      XCTAssertTrue(
        String(describing: error).contains(
          "none.json cannot be read as a covgate-mutation.json (no such file)"))
    }
  }
}
