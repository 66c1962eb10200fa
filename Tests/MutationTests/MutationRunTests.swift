import CoverageAcquisition
import CoverageGate
import CoverageModel
import Foundation
import XCTest

@testable import Mutation

/// `covgate mutate`'s run with fake services: which tests each mutant runs and in what order,
/// their time limits, the outcome each way a test ends gives, the cache, the scope, the score
/// and the gate. Only the package copy and the workspace are real (temporary folders).
final class MutationRunTests: XCTestCase {
  private let fast = passed("LibTests.PriceTests/testFast", seconds: 0.5)
  private let slow = passed("LibTests.PriceTests/testSlow", seconds: 3)
  private let broken = TestCaseResult(
    id: "LibTests.PriceTests/testBroken", library: .xctest, status: .failed, seconds: 0.1)

  /// Every test ran `total` (function 0); none ran `discount`.
  private func fixture(
    ending: @escaping @Sendable (_ mutant: Int, _ test: String) -> StreamResult = { _, _ in
      StreamResult(exitCode: 0)
    }
  ) throws -> MutationFixture {
    try MutationFixture(tests: [slow, fast, broken], ran: [[0], [0], [0]], ending: ending)
  }

  private func inTotal(_ report: MutationReport) -> [MutantResult] {
    report.results.filter { $0.mutant.line <= 4 }
  }

  // MARK: - Test selection

  func testAMutantRunsOnlyThePassingTestsThatRanItsLineFastestFirst() throws {
    let fixture = try fixture()
    let report = try fixture.run()
    let total = inTotal(report)
    let discount = report.results.filter { $0.mutant.line >= 6 }
    XCTAssertGreaterThanOrEqual(total.count, 4)
    XCTAssertFalse(discount.isEmpty)
    for result in total {
      XCTAssertEqual(result.outcome, .survived)
      XCTAssertEqual(result.tests, [fast.id, slow.id])
      XCTAssertNil(result.killedBy)
      XCTAssertEqual(result.target, "Lib")
      XCTAssertEqual(result.layer, "logic")
    }
    let starts = fixture.testing.launcher.starts
    for result in total {
      XCTAssertEqual(
        starts.filter { $0.mutant == result.mutant.id }.map(\.test), [fast.id, slow.id])
    }
    // No test ran `discount`: its mutants start nothing and say so.
    for result in discount {
      XCTAssertEqual(result.outcome, .noCoverage)
      XCTAssertEqual(result.tests, [])
    }
    XCTAssertEqual(Set(starts.map(\.mutant)), Set(total.map(\.mutant.id)))
    XCTAssertFalse(starts.contains { $0.test == broken.id })
  }

  func testTheRunIsAnnouncedAndTheLaunchersNotesAreNotices() throws {
    let fixture = try fixture()
    fixture.testing.launcher.notes = ["covgate: every test ran in a process of its own"]
    _ = try fixture.run()
    // The sources are placed before anything is built; the test map's run comes after the
    // one build, on the copy, without a patch base.
    XCTAssertEqual(
      fixture.events.events,
      [
        "sources true -", "phase build", "baseline true -", "phase mutants",
        "notice covgate: every test ran in a process of its own",
      ])
    XCTAssertFalse(FileManager.default.fileExists(atPath: "\(fixture.workspace)/mutants"))
  }

  func testTheCopyKeepsItsSchemataUntouchedWhileNothingChanges() throws {
    let fixture = try fixture()
    let first = try fixture.run()
    let path = "\(fixture.workspace)/package/\(MutationFixture.file)"
    let text = try String(contentsOfFile: path, encoding: .utf8)
    XCTAssertNotEqual(text, MutationFixture.source)
    XCTAssertTrue(text.contains(MutantSchema.environmentVariable))
    // Every line of the source keeps its number: the test map names the original lines.
    let lines = text.components(separatedBy: "\n")
    for (number, line) in MutationFixture.source.components(separatedBy: "\n").enumerated()
    where line.hasPrefix("func ") {
      XCTAssertEqual(lines[number], line)
    }
    let date = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
    Thread.sleep(forTimeInterval: 0.01)
    let second = try fixture.run()
    XCTAssertEqual(
      try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date, date)
    XCTAssertEqual(second.results.map(\.outcome), first.results.map(\.outcome))
    // A file out of scope again holds the source's text.
    fixture.changes = ChangeSet(base: "main", baseCommit: "base", files: [])
    _ = try fixture.run(.changes(since: "main"))
    XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), MutationFixture.source)
  }

  func testTheMapRunsAgainOnlyForTheTestsAnEditCanAffect() throws {
    let other = passed("LibTests.OtherTests/testOther", seconds: 1)
    let fixture = try MutationFixture(tests: [slow, fast, other], ran: [[0], [0], []]) { _, _ in
      StreamResult(exitCode: 1)
    }
    _ = try fixture.run()
    XCTAssertEqual(fixture.skipped, [[]])
    // Nothing changed: the map stands, no test runs for it.
    let again = try fixture.run()
    XCTAssertEqual(fixture.skipped, [[]])
    XCTAssertEqual(Set(inTotal(again).map(\.killedBy)), [fast.id])
    // An edit inside `total`'s body: the test that ran no code of the file is not run again.
    try MutationFixture.source.replacingOccurrences(of: "a + b", with: "b + a").write(
      toFile: "\(fixture.root)/\(MutationFixture.file)", atomically: true, encoding: .utf8)
    let edited = try fixture.run()
    XCTAssertEqual(fixture.skipped, [[], [other.id]])
    XCTAssertEqual(Set(inTotal(edited).map(\.killedBy)), [fast.id])
    // An edit outside a body (a new declaration) takes every test again.
    try (MutationFixture.source + "let limit = 3\n").write(
      toFile: "\(fixture.root)/\(MutationFixture.file)", atomically: true, encoding: .utf8)
    _ = try fixture.run()
    XCTAssertEqual(fixture.skipped, [[], [other.id], []])
    XCTAssertTrue(
      fixture.events.events.contains(
        "notice covgate: note: the test map runs every test: \(MutationFixture.file) changed outside one function's body"
      ), "\(fixture.events.events)")
    // `--no-cache` reuses nothing.
    _ = try fixture.run { $0.usesCache = false }
    XCTAssertEqual(fixture.skipped, [[], [other.id], [], []])
  }

  func testAnEditOfAFunctionNoneOfAMutantsTestsEnteredKeepsItsOutcome() throws {
    let killer = fast.id
    let fixture = try fixture { _, test in StreamResult(exitCode: test == killer ? 1 : 0) }
    XCTAssertFalse(inTotal(try fixture.run()).contains { $0.cached == true })
    // `discount` ran in no test: `total`'s mutants keep their outcomes.
    try MutationFixture.source.replacingOccurrences(of: "price >= 100", with: "price >= 99")
      .write(
        toFile: "\(fixture.root)/\(MutationFixture.file)", atomically: true, encoding: .utf8)
    let kept = inTotal(try fixture.run())
    XCTAssertFalse(kept.isEmpty)
    XCTAssertTrue(kept.allSatisfy { $0.cached == true && $0.killedBy == killer })
    // An edit of `total` itself runs them again.
    try MutationFixture.source.replacingOccurrences(of: "return a + b", with: "return b + a")
      .write(
        toFile: "\(fixture.root)/\(MutationFixture.file)", atomically: true, encoding: .utf8)
    XCTAssertFalse(inTotal(try fixture.run()).contains { $0.cached == true })
  }

  func testWithoutATestMapTheRunStops() throws {
    let fixture = try fixture()
    fixture.testMap = nil
    XCTAssertThrowsError(try fixture.run()) { error in
      XCTAssertEqual(error as? MutationError, .noTestMap)
    }
  }

  // MARK: - Time limits

  func testATestsLimitIsAFactorOfItsFirstRunNeverBelowTheFloor() throws {
    let fixture = try fixture()
    _ = try fixture.run()
    let limits = Dictionary(
      fixture.testing.launcher.starts.map { ($0.test, $0.timeout) }, uniquingKeysWith: { a, _ in a }
    )
    // 0.5 s × 5 is below the 5 s floor; 3 s × 5 is 15 s.
    XCTAssertEqual(limits[fast.id], 5)
    XCTAssertEqual(limits[slow.id], 15)

    let faster = try self.fixture()
    _ = try faster.run {
      $0.timeoutFactor = 2
      $0.timeoutFloor = 1
    }
    let fasterLimits = Dictionary(
      faster.testing.launcher.starts.map { ($0.test, $0.timeout) }, uniquingKeysWith: { a, _ in a })
    XCTAssertEqual(fasterLimits[fast.id], 1)
    XCTAssertEqual(fasterLimits[slow.id], 6)
  }

  func testAMutantWhoseTestRunsPastItsLimitTimesOut() throws {
    let slowID = slow.id
    let fixture = try fixture { _, test in
      StreamResult(exitCode: test == slowID ? 9 : 0, timedOut: test == slowID)
    }
    for result in inTotal(try fixture.run()) {
      XCTAssertEqual(result.outcome, .timedOut)
      XCTAssertEqual(result.killedBy, slow.id)
      XCTAssertEqual(result.tests, [fast.id, slow.id])
    }
  }

  // MARK: - Outcomes

  /// By mutant: a failing test kills it, a signal crashes it, a test past its limit times it
  /// out, and every test passing leaves it surviving. The first test always passes, so the
  /// ending test is the second.
  func testEachWayATestEndsGivesItsOutcome() throws {
    let slowID = slow.id
    let fixture = try fixture { mutant, test in
      guard test == slowID else { return StreamResult(exitCode: 0) }
      switch mutant % 4 {
      case 0: return StreamResult(exitCode: 1)
      case 1: return StreamResult(exitCode: 1, signal: 11)
      case 2: return StreamResult(exitCode: 1, timedOut: true, signal: 9)
      default: return StreamResult(exitCode: 0)
      }
    }
    let results = inTotal(try fixture.run())
    let expected: [MutationOutcome] = [.killed, .crashed, .timedOut, .survived]
    XCTAssertEqual(Set(results.map(\.outcome)), Set(expected))
    for result in results {
      let outcome = expected[result.mutant.id % 4]
      XCTAssertEqual(result.outcome, outcome, "mutant \(result.mutant.id)")
      XCTAssertEqual(result.killedBy, outcome == .survived ? nil : slow.id)
      XCTAssertEqual(result.tests, [fast.id, slow.id])
    }
  }

  func testAMutantEndsAtTheFirstTestThatFails() throws {
    let fixture = try fixture { _, _ in StreamResult(exitCode: 1) }
    for result in inTotal(try fixture.run()) {
      XCTAssertEqual(result.outcome, .killed)
      XCTAssertEqual(result.killedBy, fast.id)
      XCTAssertEqual(result.tests, [fast.id])
    }
    XCTAssertFalse(fixture.testing.launcher.starts.contains { $0.test == slow.id })
  }

  func testAfterAnEditAMutantRunsItsLastKillerFirstAndOnlyItsOwnTests() throws {
    let killer = slow.id
    let fixture = try fixture { _, test in StreamResult(exitCode: test == killer ? 1 : 0) }
    for result in inTotal(try fixture.run()) {
      XCTAssertEqual(result.tests, [fast.id, slow.id])
      XCTAssertEqual(result.killedBy, slow.id)
    }
    // The edit is on another line of `total`: no outcome is kept, the killer runs first.
    try MutationFixture.source.replacingOccurrences(of: "return a + b", with: "return b + a")
      .write(
        toFile: "\(fixture.root)/\(MutationFixture.file)", atomically: true, encoding: .utf8)
    let starts = fixture.testing.launcher.starts.count
    let edited = inTotal(try fixture.run())
    XCTAssertFalse(edited.isEmpty)
    for result in edited {
      XCTAssertNotEqual(result.cached, true)
      XCTAssertEqual(result.tests, [slow.id])
      XCTAssertEqual(result.killedBy, slow.id)
    }
    let later = fixture.testing.launcher.starts.dropFirst(starts)
    XCTAssertFalse(later.contains { $0.test == fast.id || $0.test == broken.id })
    // `--no-cache` reads no killer: the tests run in their own order again.
    let uncached = inTotal(try fixture.run { $0.usesCache = false })
    XCTAssertTrue(uncached.allSatisfy { $0.tests == [fast.id, slow.id] })
  }

  func testMutantsTheCompilerRefusesAreUnviableAndNeverRun() throws {
    let fixture = try fixture()
    fixture.testing.builds = [
      CommandResult(
        exitCode: 1,
        stderr:
          "\(fixture.workspace)/package/\(MutationFixture.file):2:9: error: cannot convert value"),
      CommandResult(exitCode: 0),
    ]
    let report = try fixture.run()
    let onLine2 = report.results.filter { $0.mutant.line == 2 }
    XCTAssertFalse(onLine2.isEmpty)
    XCTAssertEqual(Set(onLine2.map(\.outcome)), [.unviable])
    let started = Set(fixture.testing.launcher.starts.map(\.mutant))
    XCTAssertTrue(started.isDisjoint(with: onLine2.map(\.mutant.id)))
    XCTAssertEqual(fixture.testing.buildCount, 2)
    // The next run of the same mutants starts without them: one build, the same outcomes.
    let again = try fixture.run()
    XCTAssertEqual(fixture.testing.buildCount, 3)
    XCTAssertEqual(
      Set(again.results.filter { $0.outcome == .unviable }.map(\.mutant.line)), [2])
    // An edit of another function keeps them known: one build again.
    fixture.testing.builds = [CommandResult(exitCode: 0)]
    try MutationFixture.source.replacingOccurrences(of: "price >= 100", with: "price >= 99")
      .write(
        toFile: "\(fixture.root)/\(MutationFixture.file)", atomically: true, encoding: .utf8)
    let elsewhere = try fixture.run()
    XCTAssertEqual(fixture.testing.buildCount, 4)
    XCTAssertEqual(
      Set(elsewhere.results.filter { $0.outcome == .unviable }.map(\.mutant.line)), [2])
    // An edit of their own function: their declaration is new, and built whole again.
    try MutationFixture.source.replacingOccurrences(of: "a + b", with: "b + a").write(
      toFile: "\(fixture.root)/\(MutationFixture.file)", atomically: true, encoding: .utf8)
    let edited = try fixture.run()
    XCTAssertEqual(fixture.testing.buildCount, 5)
    XCTAssertFalse(edited.results.contains { $0.outcome == .unviable })
  }

  // MARK: - Scope

  func testTheChangedLinesAloneAreMutated() throws {
    let fixture = try fixture()
    fixture.changes = ChangeSet(
      base: "main", baseCommit: "base",
      files: [ChangedFile(path: MutationFixture.file, addedLines: [2])])
    let report = try fixture.run(.changes(since: "main"))
    XCTAssertFalse(report.results.isEmpty)
    XCTAssertEqual(Set(report.results.map(\.mutant.line)), [2])
    XCTAssertEqual(report.scope, "lines changed since main")
    XCTAssertEqual(fixture.events.events.first, "changes main")
  }

  func testAFileInScopeMustBeAGatedSourceOfThePackage() throws {
    let fixture = try fixture()
    XCTAssertThrowsError(try fixture.run(.files(["Sources/Lib/Nope.swift"]))) { error in
      XCTAssertEqual(error as? MutationError, .notAFile("Sources/Lib/Nope.swift"))
    }
    XCTAssertThrowsError(try fixture.run(.files(["Tests/LibTests/PriceTests.swift"]))) { error in
      XCTAssertEqual(error as? MutationError, .notMeasured("Tests/LibTests/PriceTests.swift"))
    }
    let report = try fixture.run(.files([MutationFixture.file]))
    XCTAssertEqual(report.scope, MutationFixture.file)
  }

  // MARK: - The cache

  func testAnUnchangedMutantKeepsItsOutcomeUntilItsTestCodeChanges() throws {
    let fixture = try fixture { mutant, _ in StreamResult(exitCode: mutant % 2 == 0 ? 1 : 0) }
    let first = try fixture.run()
    let started = fixture.testing.launcher.starts.count
    XCTAssertGreaterThan(started, 0)

    let second = try fixture.run()
    XCTAssertEqual(fixture.testing.launcher.starts.count, started, "nothing ran again")
    XCTAssertEqual(second.results.map(\.outcome), first.results.map(\.outcome))
    XCTAssertEqual(
      inTotal(second).compactMap(\.cached), Array(repeating: true, count: inTotal(second).count))

    // The tests' code changed: every covered mutant runs again.
    try "final class PriceTests { let changed = 1 }\n".write(
      toFile: "\(fixture.root)/Tests/LibTests/PriceTests.swift", atomically: true, encoding: .utf8)
    let third = try fixture.run()
    XCTAssertEqual(fixture.testing.launcher.starts.count, 2 * started)
    XCTAssertEqual(third.results.compactMap(\.cached), [])

    // Without the cache every mutant runs.
    _ = try fixture.run { $0.usesCache = false }
    XCTAssertEqual(fixture.testing.launcher.starts.count, 3 * started)
  }

  // MARK: - Score and gate

  func testTheScoreCountsKillsAgainstKillsAndSurvivorsAndTheGateJudgesIt() throws {
    let fixture = try fixture { mutant, _ in
      mutant % 3 == 0 ? StreamResult(exitCode: 0, timedOut: true) : StreamResult(exitCode: 1)
    }
    fixture.config.mutation.minimum = 80
    let killing = try fixture.run()
    let score = try XCTUnwrap(killing.layers.first { $0.name == "logic" })
    let total = inTotal(killing)
    let timedOut = total.filter { $0.mutant.id % 3 == 0 }.count
    XCTAssertEqual(score.count(.killed), total.count - timedOut)
    XCTAssertEqual(score.count(.timedOut), timedOut)
    XCTAssertEqual(score.count(.noCoverage), killing.results.count - total.count)
    // Timeouts and mutants no test ran are not in the score.
    XCTAssertEqual(
      score.metric, Metric(covered: total.count - timedOut, count: total.count - timedOut))
    XCTAssertEqual(killing.verdicts.map(\.status), [.passed])
    XCTAssertTrue(killing.passed)

    let surviving = try self.fixture()
    surviving.config.mutation.minimum = 80
    let report = try surviving.run()
    let survivors = try XCTUnwrap(report.layers.first { $0.name == "logic" })
    XCTAssertEqual(survivors.metric, Metric(covered: 0, count: inTotal(report).count))
    XCTAssertEqual(report.verdicts.map(\.status), [.failed])
    XCTAssertFalse(report.passed)
  }

  func testAnAcceptedSurvivorLeavesTheScoreAndAStaleEntryIsNamed() throws {
    let fixture = try fixture()
    let first = try XCTUnwrap(inTotal(try fixture.run()).first)
    fixture.config.mutation.accepted = [
      GateConfig.AcceptedMutant(
        file: MutationFixture.file, code: first.mutant.original, mutant: first.mutant.mutated,
        reason: "equivalent"),
      GateConfig.AcceptedMutant(
        file: MutationFixture.file, code: "gone", mutant: "still gone", reason: "stale"),
    ]
    let report = try fixture.run()
    let accepted = report.results.filter { $0.outcome == .accepted }
    XCTAssertTrue(accepted.contains { $0.mutant.id == first.mutant.id })
    XCTAssertEqual(
      report.layers.first { $0.name == "logic" }?.metric.count,
      inTotal(report).count - accepted.count)
    XCTAssertTrue(
      fixture.events.events.contains(
        "notice covgate: warning: mutation.accept names `gone` -> `still gone` in \(MutationFixture.file), which no surviving mutant of this run is: remove the entry"
      ), "\(fixture.events.events)")
  }

  // MARK: - Shards

  func testAShardRunsItsOwnMutantsAndIsNotGated() throws {
    let fixture = try fixture()
    fixture.config.mutation.minimum = 80
    let report = try fixture.run { $0.shard = Shard(argument: "1/2") }
    let shard = try XCTUnwrap(report.shard)
    XCTAssertEqual(report.results.map(\.mutant.id), shard.mutants)
    XCTAssertEqual(report.verdicts, [])
    XCTAssertEqual(shard.commit, "0123456789abcdef0123456789abcdef01234567")
    XCTAssertTrue(
      Set(fixture.testing.launcher.starts.map(\.mutant)).isSubset(of: shard.mutants))
  }

  // MARK: - Static mutants

  /// A static let's initializer runs once per process and is not instrumented (no function of
  /// the map holds its line): its mutant runs every passing test, the ones that ran its file
  /// first, each in a fresh process; the function's mutant runs its own tests through the test
  /// servers; the report counts the static ones apart (and in their layer).
  func testAStaticMutantRunsEveryTestInFreshProcessesItsFilesFirstAndIsCountedApart() throws {
    let source = """
      func total(_ a: Int, _ b: Int) -> Int {
        a + b
      }

      enum Limits {
        static let floor = 10 + 5
      }

      """
    let fixture = try MutationFixture(
      tests: [fast, slow, broken], ran: [[], [0], [0]], source: source,
      functions: [
        TestMap.Function(name: "total", file: MutationFixture.file, firstLine: 1, lastLine: 3)
      ],
      ending: { mutant, test in
        StreamResult(exitCode: mutant == 2 && test.hasSuffix("testFast") ? 1 : 0)
      })
    let report = try fixture.run()
    let byLine = Dictionary(grouping: report.results, by: \.mutant.line)
    let function = try XCTUnwrap(byLine[2]?.first)
    let initializer = try XCTUnwrap(byLine[6]?.first)
    XCTAssertEqual(report.results.count, 2)
    XCTAssertFalse(function.mutant.isStatic)
    XCTAssertTrue(initializer.mutant.isStatic)
    XCTAssertEqual(initializer.outcome, .killed)
    XCTAssertEqual(initializer.killedBy, fast.id)
    XCTAssertEqual(function.outcome, .survived)
    XCTAssertEqual(function.tests, [slow.id])
    XCTAssertEqual(fixture.testing.launcher.starts.map(\.test), [slow.id])
    // The test that ran the file first (slow), then the others, fastest first; never a failed one.
    XCTAssertEqual(fixture.testing.fresh.starts.map(\.test), [slow.id, fast.id])
    XCTAssertEqual(fixture.testing.fresh.starts.map(\.mutant), [2, 2])
    XCTAssertEqual(report.staticMutants?.count(.killed), 1)
    XCTAssertEqual(report.staticMutants?.count(.survived), 0)
    XCTAssertEqual(report.layers.first?.metric, Metric(covered: 1, count: 2))
    // The split weighs it by every passing test.
    XCTAssertEqual(
      MutantSplit.expectedMilliseconds(
        of: report.results.map(\.mutant), in: try XCTUnwrap(fixture.testMap)),
      [3000, 3500])
  }

  /// Asked for fresh processes, every mutant's tests go to the one launcher the run was given.
  func testWithFreshProcessesEveryMutantUsesTheRunsLauncher() throws {
    let fixture = try MutationFixture(
      tests: [fast], ran: [[0]], source: "enum Limits {\n  static let floor = 10 + 5\n}\n",
      functions: [
        TestMap.Function(name: "other", file: MutationFixture.file, firstLine: 5, lastLine: 6)
      ],
      ending: { _, _ in StreamResult(exitCode: 1) })
    let report = try fixture.run { $0.freshProcesses = true }
    XCTAssertEqual(report.results.map(\.outcome), [.killed])
    XCTAssertEqual(fixture.testing.launcher.starts.count, 1)
    XCTAssertEqual(fixture.testing.fresh.starts.count, 0)
  }
}
