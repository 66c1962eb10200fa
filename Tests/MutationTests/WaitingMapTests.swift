import CoverageAcquisition
import CoverageGate
import CoverageModel
import Foundation
import XCTest

@testable import Mutation

/// After an edit inside a body holding every mutant to run, the test map waits: the tests that
/// entered the body run each mutant, and the map is measured again only when an outcome needs
/// it (a survivor, or a killer that fails without the mutant).
final class WaitingMapTests: XCTestCase {
  private let fast = passed("LibTests.PriceTests/testFast", seconds: 0.5)
  private let slow = passed("LibTests.PriceTests/testSlow", seconds: 3)
  /// Ran no code of the file.
  private let other = passed("LibTests.OtherTests/testOther", seconds: 1)
  private let waits =
    "notice covgate: note: the test map waits: every mutant lies in code edited since it was taken, so the 2 tests that entered that code are their tests until one survives"
  private let runsAgain =
    "notice covgate: note: the test map runs again: a mutant of the edited code was not killed, or its killer failed without it"

  /// `fast`, `slow` ran `total`; the change is `total`'s lines 2 and 3.
  private func fixture(
    ending: @escaping @Sendable (_ mutant: Int, _ test: String) -> StreamResult
  ) throws -> MutationFixture {
    let fixture = try MutationFixture(
      tests: [slow, fast, other], ran: [[0], [0], []], ending: ending)
    fixture.changes = ChangeSet(
      base: "main", baseCommit: "base",
      files: [ChangedFile(path: MutationFixture.file, addedLines: [2, 3])])
    return fixture
  }

  private func edit(_ fixture: MutationFixture, _ text: String) throws {
    try text.write(
      toFile: "\(fixture.root)/\(MutationFixture.file)", atomically: true, encoding: .utf8)
  }

  private let inBody = MutationFixture.source.replacingOccurrences(
    of: "return a + b", with: "return b + a")

  func testTheMapWaitsWhileEveryMutantIsKilledByATestThatPassesWithoutIt() throws {
    let killer = slow.id
    let fixture = try fixture { mutant, test in
      StreamResult(exitCode: mutant != 0 && test == killer ? 1 : 0)
    }
    let first = try fixture.run(.changes(since: "main"))
    XCTAssertFalse(first.results.isEmpty)
    XCTAssertTrue(first.results.allSatisfy { $0.outcome == .killed && $0.killedBy == killer })
    XCTAssertEqual(fixture.skipped.count, 1)
    try edit(fixture, inBody)
    let before = fixture.testing.launcher.starts.count
    let edited = try fixture.run(.changes(since: "main"))
    // No map ran; each mutant ran its last killer first and was killed by it.
    XCTAssertEqual(fixture.skipped.count, 1)
    XCTAssertTrue(fixture.events.events.contains(waits), "\(fixture.events.events)")
    XCTAssertEqual(edited.results.count, first.results.count)
    for result in edited.results {
      XCTAssertEqual(result.outcome, .killed)
      XCTAssertEqual(result.killedBy, killer)
      XCTAssertEqual(result.tests, [killer])
    }
    let starts = fixture.testing.launcher.starts.dropFirst(before)
    // The killer ran once on the original code; the test that never entered `total` never ran.
    XCTAssertEqual(starts.filter { $0.mutant == 0 }.map(\.test), [killer])
    XCTAssertFalse(starts.contains { $0.test == other.id })
    // Nothing changed since: the map still waits, and no map runs.
    _ = try fixture.run(.changes(since: "main"))
    XCTAssertEqual(fixture.skipped.count, 1)
    // An edit outside a body is found against the text the map was taken on.
    try edit(fixture, inBody + "let limit = 3\n")
    _ = try fixture.run(.changes(since: "main"))
    XCTAssertEqual(fixture.skipped.count, 2)
    XCTAssertEqual(fixture.skipped.last, [])
  }

  func testASurvivorTakesTheMapWhichTellsItsTests() throws {
    let fixture = try fixture { _, _ in StreamResult(exitCode: 0) }
    _ = try fixture.run(.changes(since: "main"))
    try edit(fixture, inBody)
    let edited = try fixture.run(.changes(since: "main"))
    XCTAssertTrue(fixture.events.events.contains(waits))
    XCTAssertTrue(fixture.events.events.contains(runsAgain))
    XCTAssertEqual(fixture.skipped, [[], [other.id]])
    for result in edited.results {
      XCTAssertEqual(result.outcome, .survived)
      XCTAssertEqual(result.tests, [fast.id, slow.id])
    }
    // The map measured, nothing changed: it stands.
    _ = try fixture.run(.changes(since: "main"))
    XCTAssertEqual(fixture.skipped.count, 2)
  }

  func testAKillerThatFailsWithoutTheMutantTakesTheMap() throws {
    let broken = fast.id
    let fixture = try fixture { _, test in StreamResult(exitCode: test == broken ? 1 : 0) }
    _ = try fixture.run(.changes(since: "main"))
    try edit(fixture, inBody)
    _ = try fixture.run(.changes(since: "main"))
    XCTAssertTrue(fixture.events.events.contains(runsAgain), "\(fixture.events.events)")
    XCTAssertEqual(fixture.skipped, [[], [other.id]])
  }

  func testAMutantOutsideTheEditedBodyTakesTheMap() throws {
    let fixture = try fixture { mutant, _ in StreamResult(exitCode: mutant != 0 ? 1 : 0) }
    _ = try fixture.run(.changes(since: "main"))
    // `discount` is edited; the mutants are in `total`.
    try edit(
      fixture,
      MutationFixture.source.replacingOccurrences(of: "price >= 100", with: "price >= 99"))
    _ = try fixture.run(.changes(since: "main"))
    XCTAssertFalse(fixture.events.events.contains(waits))
    XCTAssertEqual(fixture.skipped.count, 2)
  }
}
