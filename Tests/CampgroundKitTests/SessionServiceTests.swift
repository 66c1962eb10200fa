import CampgroundKit
import Foundation
import XCTest

final class SessionServiceTests: XCTestCase {
  private var sessions: SessionService!
  private let noon = Date(timeIntervalSince1970: 1_750_000_000)

  override func setUpWithError() throws {
    sessions = SessionService(database: try TestDatabase.make())
  }

  override func tearDown() {
    sessions = nil
  }

  func testNoSessionUntilSignedIn() throws {
    XCTAssertNil(try sessions.current(now: noon))
    XCTAssertThrowsError(try sessions.require(now: noon)) {
      XCTAssertEqual($0 as? CampgroundError, .notSignedIn)
    }
  }

  func testSessionLastsItsLengthThenExpires() throws {
    let started = try sessions.start(email: "ranger@camp.test", now: noon)
    let lastSecond = noon.addingTimeInterval(SessionService.sessionLength - 1)

    XCTAssertEqual(try sessions.current(now: lastSecond), started)
    XCTAssertEqual(try sessions.require(now: lastSecond).email, "ranger@camp.test")
    XCTAssertNil(try sessions.current(now: started.expiresAt))
  }

  func testSignInAgainReplacesTheSessionAndEndRemovesIt() throws {
    try sessions.start(email: "first@camp.test", now: noon)
    try sessions.start(email: "second@camp.test", now: noon.addingTimeInterval(60))

    XCTAssertEqual(
      try sessions.current(now: noon.addingTimeInterval(120))?.email, "second@camp.test")
    XCTAssertTrue(try sessions.end())
    XCTAssertNil(try sessions.current(now: noon.addingTimeInterval(120)))
    XCTAssertFalse(try sessions.end())
  }
}
