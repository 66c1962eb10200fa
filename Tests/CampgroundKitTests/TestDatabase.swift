import CampgroundKit
import Foundation
import GRDB

/// Fresh stores, dates and a clock for the CampgroundKit tests: nothing is shared between tests.
enum TestDatabase {
  /// A new, empty, in-memory campground database with its own notification center.
  static func make(notificationCenter: NotificationCenter = NotificationCenter()) throws
    -> CampgroundDatabase
  {
    try CampgroundDatabase(DatabaseQueue(), notificationCenter: notificationCenter)
  }

  /// The start of a day in the campground calendar.
  static func day(_ year: Int, _ month: Int, _ day: Int) -> Date {
    CampgroundCalendar.date(year: year, month: month, day: day)!
  }

  /// UTC, the zone of the tests' campground unless a test says otherwise.
  static let utc = TimeZone(identifier: "UTC")!

  /// The tests' campground clock: noon on 2025-05-01 in UTC, before every day the tests book,
  /// whatever the machine's clock and zone say.
  static let clock = CampgroundClock.fixed(
    at: day(2025, 5, 1).addingTimeInterval(12 * 3_600), in: utc)
}

/// A signed-in ranger, as the app gets one: a session started and checked with its token.
enum TestRanger {
  static func proof(
    in database: CampgroundDatabase, now: Date = Date(), email: String = "ranger@camp.test"
  ) throws -> RangerProof {
    let sessions = SessionService(database: database)
    let started = try sessions.start(email: email, now: now)
    return try sessions.require(token: started.token, now: now)
  }
}
