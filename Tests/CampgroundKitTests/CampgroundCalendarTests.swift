import CampgroundKit
import XCTest

final class CampgroundCalendarTests: XCTestCase {
  func testParsesAndFormatsDays() throws {
    let date = try XCTUnwrap(CampgroundCalendar.date(from: "2024-02-29"))

    XCTAssertEqual(CampgroundCalendar.string(from: date), "2024-02-29")
    XCTAssertEqual(date, CampgroundCalendar.date(year: 2024, month: 2, day: 29))
  }

  func testRejectsMalformedAndImpossibleDays() {
    for text in [
      "2023-02-29", "2024-13-01", "2024-1-01", "24-01-01", "2024/01/01", "today", "2024-01-01-01",
      "",
    ] {
      XCTAssertNil(CampgroundCalendar.date(from: text), text)
    }
  }

  func testAddingNightsStartsFromMidnight() throws {
    let evening = try XCTUnwrap(CampgroundCalendar.date(year: 2024, month: 12, day: 31))
      .addingTimeInterval(20 * 3_600)

    let checkout = CampgroundCalendar.adding(nights: 2, to: evening)

    XCTAssertEqual(CampgroundCalendar.string(from: checkout), "2025-01-02")
    XCTAssertEqual(CampgroundCalendar.startOfDay(checkout), checkout)
  }

  /// 02:00 UTC on June 1 is 22:00 on May 31 in Ontario: still May 31 at the campground.
  func testTheDayAnInstantFallsOnIsTheCampgroundsDay() throws {
    let instant = try XCTUnwrap(CampgroundCalendar.date(year: 2025, month: 6, day: 1))
      .addingTimeInterval(2 * 3_600)
    let cases: [(String, String)] = [
      ("America/Toronto", "2025-05-31"), ("UTC", "2025-06-01"), ("Asia/Tokyo", "2025-06-01"),
      ("Pacific/Kiritimati", "2025-06-01"), ("Pacific/Pago_Pago", "2025-05-31"),
    ]
    for (zone, day) in cases {
      let date = CampgroundCalendar.day(of: instant, in: try XCTUnwrap(TimeZone(identifier: zone)))
      XCTAssertEqual(CampgroundCalendar.string(from: date), day, zone)
      XCTAssertEqual(CampgroundCalendar.startOfDay(date), date, "a stored day is its UTC midnight")
    }
  }

  /// A typed day becomes an instant inside that day where the campground is (noon there), and
  /// cut again there it is the same day: in zones 14 hours either side of UTC, and on the days
  /// the clocks change.
  func testNoonOfADayFallsOnThatDayInEveryZone() throws {
    let days = [
      try XCTUnwrap(CampgroundCalendar.date(year: 2025, month: 6, day: 1)),
      try XCTUnwrap(CampgroundCalendar.date(year: 2025, month: 3, day: 9)),
      try XCTUnwrap(CampgroundCalendar.date(year: 2025, month: 11, day: 2)),
    ]
    let zones = ["America/Toronto", "UTC", "Asia/Tokyo", "Pacific/Kiritimati", "Pacific/Pago_Pago"]
    for zone in zones {
      let timeZone = try XCTUnwrap(TimeZone(identifier: zone))
      for day in days {
        let noon = CampgroundCalendar.noon(of: day, in: timeZone)
        XCTAssertEqual(CampgroundCalendar.day(of: noon, in: timeZone), day, zone)
        XCTAssertEqual(
          CampgroundClock.fixed(at: noon, in: timeZone).today, day, "the clock's today, \(zone)")
      }
    }
  }
}
