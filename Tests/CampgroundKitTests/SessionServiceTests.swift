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
        sql: "INSERT INTO rangerSession (id, email, expiresAt) VALUES (1, ?, ?)",
        arguments: ["intruder@camp.test", future])
    }
    XCTAssertNil(try sessions.current(token: "", now: noon))
    XCTAssertNil(try sessions.current(token: "anything", now: noon))
  }

  func testSignInAgainReplacesTheSessionAndEndRemovesIt() throws {
    let first = try sessions.start(email: "first@camp.test", now: noon)
    let second = try sessions.start(email: "second@camp.test", now: noon.addingTimeInterval(60))

    XCTAssertNil(try sessions.current(token: first.token, now: noon.addingTimeInterval(120)))
    XCTAssertEqual(
      try sessions.current(token: second.token, now: noon.addingTimeInterval(120))?.email,
      "second@camp.test")
    XCTAssertTrue(try sessions.end())
    XCTAssertNil(try sessions.current(token: second.token, now: noon.addingTimeInterval(120)))
    XCTAssertFalse(try sessions.end())
  }
}
