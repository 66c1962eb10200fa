import CampgroundKit
import Foundation
import GRDB

/// Fresh stores and dates for the CampgroundKit tests: nothing is shared between tests.
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
}

/// A signed-in ranger, as the app gets one: a session started and checked with its token.
enum TestRanger {
  static func proof(in database: CampgroundDatabase, now: Date = Date()) throws -> RangerProof {
    let sessions = SessionService(database: database)
    let started = try sessions.start(email: "ranger@camp.test", now: now)
    return try sessions.require(token: started.token, now: now)
  }
}
