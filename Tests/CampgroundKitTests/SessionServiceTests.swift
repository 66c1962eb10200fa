import CampgroundKit
import Foundation
import GRDB
import XCTest

final class SessionServiceTests: XCTestCase {
  private var queue: DatabaseQueue!
  private var sessions: SessionService!
  private let noon = Date(timeIntervalSince1970: 1_750_000_000)

  override func setUpWithError() throws {
    queue = try DatabaseQueue()
    sessions = SessionService(database: try CampgroundDatabase(queue))
  }

  override func tearDown() {
    sessions = nil
    queue = nil
  }

  func testNoSessionUntilSignedIn() throws {
    XCTAssertNil(try sessions.current(token: nil, now: noon))
    XCTAssertThrowsError(try sessions.require(token: "guess", now: noon)) {
      XCTAssertEqual($0 as? CampgroundError, .notSignedIn)
    }
  }

  func testSessionLastsItsLengthThenExpires() throws {
    let started = try sessions.start(email: "ranger@camp.test", now: noon)
    let lastSecond = noon.addingTimeInterval(SessionService.sessionLength - 1)

    XCTAssertEqual(try sessions.current(token: started.token, now: lastSecond), started.session)
    XCTAssertEqual(
      try sessions.require(token: started.token, now: lastSecond).email, "ranger@camp.test")
    XCTAssertNil(try sessions.current(token: started.token, now: started.session.expiresAt))
  }

  /// The row signs nobody in by itself: another terminal has no token, a wrong one fails, and
  /// the database keeps only the token's hash.
  func testOnlyTheSessionsOwnTokenProvesIt() throws {
    let started = try sessions.start(email: "ranger@camp.test", now: noon)
    XCTAssertEqual(started.token.count, 64)
    XCTAssertNil(try sessions.current(token: nil, now: noon))
    XCTAssertNil(try sessions.current(token: String(started.token.reversed()), now: noon))
    XCTAssertThrowsError(try sessions.require(token: started.token + "0", now: noon))
    let stored = try queue.read { db in
      try Row.fetchOne(db, sql: "SELECT * FROM rangerSession")
    }
    let values = try XCTUnwrap(stored).databaseValues.map(\.description)
    XCTAssertFalse(values.contains { $0.contains(started.token) }, "\(values)")
  }

  /// A session row written into the database by hand (as the old schema kept them, or by
  /// anyone who can write the file) has no token that matches.
  func testARowWrittenByHandSignsNobodyIn() throws {
    let future = noon.addingTimeInterval(3_600)
    try queue.write { db in
      try db.execute(
        sql: "INSERT INTO rangerSession (tokenHash, email, expiresAt) VALUES ('', ?, ?)",
        arguments: ["intruder@camp.test", future])
    }
    XCTAssertNil(try sessions.current(token: "", now: noon))
    XCTAssertNil(try sessions.current(token: "anything", now: noon))
    XCTAssertFalse(try sessions.end(token: ""))
  }

  /// There was one session row per database: a second ranger's sign-in signed the first out,
  /// and anyone's logout signed out whoever was signed in. Now each token is its own session.
  func testSeveralRangersAreSignedInAtOnceAndEachEndsOnlyTheirOwn() throws {
    let first = try sessions.start(email: "first@camp.test", now: noon)
    let second = try sessions.start(email: "second@camp.test", now: noon.addingTimeInterval(60))
    let later = noon.addingTimeInterval(120)

    XCTAssertEqual(try sessions.current(token: first.token, now: later)?.email, "first@camp.test")
    XCTAssertEqual(
      try sessions.current(token: second.token, now: later)?.email, "second@camp.test")
    XCTAssertFalse(try sessions.end(token: nil), "no token ends nothing")
    XCTAssertFalse(try sessions.end(token: "guess"))
    XCTAssertTrue(try sessions.end(token: first.token))
    XCTAssertNil(try sessions.current(token: first.token, now: later))
    XCTAssertEqual(
      try sessions.current(token: second.token, now: later)?.email, "second@camp.test")
    XCTAssertFalse(try sessions.end(token: first.token))
  }

  /// An expired session is of no use: the rows do not pile up.
  func testExpiredSessionsAreClearedWhenOneStarts() throws {
    try sessions.start(email: "first@camp.test", now: noon)
    try sessions.start(email: "second@camp.test", now: noon.addingTimeInterval(60))

    try sessions.start(
      email: "third@camp.test", now: noon.addingTimeInterval(SessionService.sessionLength + 30))

    let emails = try queue.read { db in
      try String.fetchAll(db, sql: "SELECT email FROM rangerSession ORDER BY email")
    }
    XCTAssertEqual(emails, ["second@camp.test", "third@camp.test"])
  }
}
