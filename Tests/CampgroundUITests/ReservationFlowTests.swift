import CampgroundKit
import CampgroundUI
import GRDB
import XCTest

final class ReservationFlowTests: XCTestCase {
  private var flow: ReservationFlow!
  private var camperId: Int64 = 0
  private let june1 = CampgroundCalendarFixture.june1

  override func setUpWithError() throws {
    let database = try CampgroundDatabase(DatabaseQueue(), notificationCenter: NotificationCenter())
    let campers = CamperService(database: database)
    let sessions = SessionService(database: database)
    let ranger = try sessions.require(
      token: sessions.start(email: "ranger@camp.test", now: june1).token, now: june1)
    try CampSiteService(database: database).addSite(
      number: 1, hasElectricity: true, hasWater: false, nightlyRateCents: 2_000, by: ranger)
    camperId = try XCTUnwrap(campers.addCamper(fullName: "Ada Lovelace", phoneNumber: "1").id)
    let clock = CampgroundClock.fixed(at: june1, in: TimeZone(identifier: "UTC")!)
    flow = ReservationFlow(
      campers: campers, reservations: ReservationService(database: database, clock: clock))
  }

  override func tearDown() {
    flow = nil
  }

  func testConfirmationNamesCamperSiteDatesAndPrice() throws {
    let line = try flow.reserve(camperId: camperId, siteNumber: 1, from: june1, nights: 2)

    XCTAssertEqual(
      line, "Reservation 1: site 1 for Ada Lovelace from 2025-06-01, 2 night(s), 50.00 due")
  }

  func testInvalidNightsThrowTheServiceReason() {
    XCTAssertThrowsError(
      try flow.reserve(camperId: camperId, siteNumber: 1, from: june1, nights: 0)
    ) {
      XCTAssertEqual(
        $0 as? CampgroundUIError,
        .invalidReservation("Invalid number of days: 0 (a stay is 1 to 365 nights)"))
    }
  }

  func testAStayBeforeTodayIsRefusedWithTheReason() {
    XCTAssertThrowsError(
      try flow.reserve(
        camperId: camperId, siteNumber: 1, from: june1.addingTimeInterval(-86_400), nights: 1)
    ) {
      XCTAssertEqual(
        "\($0)",
        "Cannot book a stay from 2025-05-31: that day has passed (today is 2025-06-01 where the campground is)"
      )
    }
  }

  func testUnknownCamperIsNamed() {
    XCTAssertThrowsError(try flow.reserve(camperId: 99, siteNumber: 1, from: june1, nights: 1)) {
      XCTAssertEqual($0 as? CampgroundUIError, .unknownCamper(99))
    }
  }
}
