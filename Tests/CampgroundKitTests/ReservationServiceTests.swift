import CampgroundKit
import XCTest

final class ReservationServiceTests: XCTestCase {
  private var database: CampgroundDatabase!
  private var sites: CampSiteService!
  private var campers: CamperService!
  private var service: ReservationService!
  private var ranger: RangerProof!
  private var camperId: Int64 = 0
  private let june1 = TestDatabase.day(2025, 6, 1)

  override func setUpWithError() throws {
    database = try TestDatabase.make()
    ranger = try TestRanger.proof(in: database)
    sites = CampSiteService(database: database, clock: TestDatabase.clock)
    campers = CamperService(database: database)
    service = ReservationService(
      database: database,
      pricing: AmenityPricing(electricityPerNightCents: 500, waterPerNightCents: 300),
      clock: TestDatabase.clock)
    try sites.addSite(
      number: 1, hasElectricity: true, hasWater: true, nightlyRateCents: 2_000, by: ranger)
    try sites.addSite(
      number: 2, hasElectricity: false, hasWater: false, nightlyRateCents: 1_000, by: ranger)
    camperId = try XCTUnwrap(
      campers.addCamper(fullName: "Ada Lovelace", phoneNumber: "555-0100").id)
  }

  override func tearDown() {
    service = nil
    campers = nil
    sites = nil
    ranger = nil
    database = nil
  }

  func testReserveCampSitePositiveNumberOfDays() throws {
    let (reservation, error) = try service.reserve(
      siteNumber: 1, camperId: camperId, from: june1, nights: 3)

    XCTAssertNil(error)
    XCTAssertNotNil(reservation.id)
    XCTAssertEqual(reservation.status.rawValue, "Reserved")
    XCTAssertEqual(reservation.amountDueCents, 3 * (2_000 + 500 + 300))
    XCTAssertEqual(reservation.amountPaidCents, 0)
    XCTAssertEqual(reservation.endDate, TestDatabase.day(2025, 6, 4))
  }

  /// The guideline's test: the reservation is still returned, "Invalid", with an NSError beside it.
  func testReserveCampSiteNegativeNumberOfDays() throws {
    let (reservation, error) = try service.reserve(
      siteNumber: 1, camperId: camperId, from: june1, nights: -1)

    let nsError = try XCTUnwrap(error) as NSError
    XCTAssertEqual(nsError.domain, "CampingManager")
    XCTAssertEqual(nsError.code, 5)
    XCTAssertEqual(nsError.userInfo["Problem"] as? String, "Invalid number of days")
    XCTAssertEqual(reservation.status.rawValue, "Invalid")
    XCTAssertNil(reservation.id)
    XCTAssertEqual(try service.reservations(forCamper: camperId), [])
  }

  /// The clock reads 2025-05-01: a stay from April 30 is refused with the reason, one from
  /// today is booked.
  func testAStayStartingBeforeTodayIsRefusedWithTheReason() throws {
    let today = TestDatabase.day(2025, 5, 1)

    XCTAssertThrowsError(
      try service.reserve(
        siteNumber: 1, camperId: camperId, from: TestDatabase.day(2025, 4, 30), nights: 2)
    ) {
      XCTAssertEqual(
        $0 as? CampgroundError, .stayInThePast(from: TestDatabase.day(2025, 4, 30), today: today))
    }
    XCTAssertEqual(try service.reservations(forCamper: camperId), [])
    let (booked, error) = try service.reserve(
      siteNumber: 1, camperId: camperId, from: today, nights: 1)
    XCTAssertNil(error)
    XCTAssertEqual(booked.startDate, today)
  }

  /// 02:00 UTC on June 2 is 22:00 on June 1 in Ontario: booked "from now" there, the stay
  /// starts on June 1, not on the UTC day.
  func testTheFirstNightIsTheDayWhereTheCampgroundIs() throws {
    let instant = TestDatabase.day(2025, 6, 2).addingTimeInterval(2 * 3_600)
    let ontario = ReservationService(
      database: database,
      clock: .fixed(at: TestDatabase.day(2025, 5, 1), in: TimeZone(identifier: "America/Toronto")!))

    let there = try ontario.reserve(siteNumber: 1, camperId: camperId, from: instant, nights: 1)
    let inUTC = try service.reserve(siteNumber: 2, camperId: camperId, from: instant, nights: 1)

    XCTAssertEqual(there.reservation.startDate, TestDatabase.day(2025, 6, 1))
    XCTAssertEqual(there.reservation.endDate, TestDatabase.day(2025, 6, 2))
    XCTAssertEqual(inUTC.reservation.startDate, TestDatabase.day(2025, 6, 2))
  }

  func testReserveRefusesOverlappingNights() throws {
    try service.reserve(siteNumber: 1, camperId: camperId, from: june1, nights: 3)

    XCTAssertThrowsError(
      try service.reserve(
        siteNumber: 1, camperId: camperId, from: TestDatabase.day(2025, 6, 3), nights: 5)
    ) { error in
      XCTAssertEqual(
        error as? CampgroundError,
        .siteUnavailable(number: 1, from: TestDatabase.day(2025, 6, 3), nights: 5))
    }
  }

  func testReserveAllowsCheckInOnCheckOutDayAndOtherSites() throws {
    try service.reserve(siteNumber: 1, camperId: camperId, from: june1, nights: 3)

    let (next, _) = try service.reserve(
      siteNumber: 1, camperId: camperId, from: TestDatabase.day(2025, 6, 4), nights: 1)
    let (other, _) = try service.reserve(siteNumber: 2, camperId: camperId, from: june1, nights: 3)

    XCTAssertEqual(next.status, .reserved)
    XCTAssertEqual(other.status, .reserved)
  }

  func testReserveRefusesUnknownSiteAndCamper() {
    XCTAssertThrowsError(
      try service.reserve(siteNumber: 9, camperId: camperId, from: june1, nights: 1)
    ) {
      XCTAssertEqual($0 as? CampgroundError, .siteNotFound(number: 9))
    }
    XCTAssertThrowsError(try service.reserve(siteNumber: 1, camperId: 404, from: june1, nights: 1))
    {
      XCTAssertEqual($0 as? CampgroundError, .camperNotFound(id: 404))
    }
  }

  func testCancelFreesTheNights() throws {
    let first = try service.reserve(siteNumber: 1, camperId: camperId, from: june1, nights: 2)
      .reservation

    let cancelled = try service.cancel(reservationId: try XCTUnwrap(first.id), by: ranger)
    let (again, _) = try service.reserve(siteNumber: 1, camperId: camperId, from: june1, nights: 2)

    XCTAssertEqual(cancelled.status, .cancelled)
    XCTAssertEqual(try service.reservation(id: try XCTUnwrap(first.id))?.status, .cancelled)
    XCTAssertEqual(again.status, .reserved)
  }

  func testCancelTwiceAndCancelUnknownThrow() throws {
    let id = try XCTUnwrap(
      service.reserve(siteNumber: 1, camperId: camperId, from: june1, nights: 2).reservation.id)
    try service.cancel(reservationId: id, by: ranger)

    XCTAssertThrowsError(try service.cancel(reservationId: id, by: ranger)) {
      XCTAssertEqual($0 as? CampgroundError, .reservationCancelled(id: id))
    }
    XCTAssertThrowsError(try service.cancel(reservationId: 77, by: ranger)) {
      XCTAssertEqual($0 as? CampgroundError, .reservationNotFound(id: 77))
    }
  }

  func testReservationsForCamperAreSortedByStartDate() throws {
    let (later, _) = try service.reserve(
      siteNumber: 2, camperId: camperId, from: TestDatabase.day(2025, 7, 1), nights: 1)
    let (earlier, _) = try service.reserve(
      siteNumber: 1, camperId: camperId, from: june1, nights: 1)
    let otherId = try XCTUnwrap(campers.addCamper(fullName: "Grace", phoneNumber: "555-0200").id)

    XCTAssertEqual(try service.reservations(forCamper: camperId), [earlier, later])
    XCTAssertEqual(try service.reservations(forCamper: otherId), [])
  }

  func testReservationsInDateRangeReturnsStandingOverlaps() throws {
    let (inside, _) = try service.reserve(
      siteNumber: 1, camperId: camperId, from: june1, nights: 3)
    let (straddling, _) = try service.reserve(
      siteNumber: 2, camperId: camperId, from: TestDatabase.day(2025, 5, 30), nights: 3)
    try service.reserve(
      siteNumber: 1, camperId: camperId, from: TestDatabase.day(2025, 6, 10), nights: 1)
    let (cancelled, _) = try service.reserve(
      siteNumber: 1, camperId: camperId, from: TestDatabase.day(2025, 6, 4), nights: 1)
    try service.cancel(reservationId: try XCTUnwrap(cancelled.id), by: ranger)

    let found = try service.reservations(from: june1, to: TestDatabase.day(2025, 6, 10))

    XCTAssertEqual(found, [straddling, inside])
  }

  func testReservationsWithEmptyRangeThrow() {
    XCTAssertThrowsError(try service.reservations(from: june1, to: june1)) {
      XCTAssertEqual($0 as? CampgroundError, .invalidDateRange(from: june1, to: june1))
    }
  }

  func testAmountDueAddsEachAmenityPerNight() throws {
    let plain = CampSite(
      siteNumber: 1, hasElectricity: false, hasWater: false, nightlyRateCents: 1_000)
    let powered = CampSite(
      siteNumber: 2, hasElectricity: true, hasWater: false, nightlyRateCents: 1_000)
    let full = CampSite(
      siteNumber: 3, hasElectricity: true, hasWater: true, nightlyRateCents: 1_000)

    XCTAssertEqual(try service.amountDue(for: plain, nights: 2), 2_000)
    XCTAssertEqual(try service.amountDue(for: powered, nights: 2), 3_000)
    XCTAssertEqual(try service.amountDue(for: full, nights: 2), 3_600)
    XCTAssertEqual(try service.amountDue(for: full, nights: 0), 0)
  }

  func testRecordPaymentAccumulatesUntilPaid() throws {
    let id = try XCTUnwrap(
      service.reserve(siteNumber: 2, camperId: camperId, from: june1, nights: 2).reservation.id)

    let partly = try service.recordPayment(cents: 500, forReservation: id, by: ranger)
    let fully = try service.recordPayment(cents: 1_500, forReservation: id, by: ranger)

    XCTAssertEqual(partly.amountPaidCents, 500)
    XCTAssertFalse(partly.isPaid)
    XCTAssertEqual(fully.amountPaidCents, 2_000)
    XCTAssertTrue(fully.isPaid)
    XCTAssertEqual(try service.reservation(id: id)?.balanceCents, 0)
  }

  func testRecordPaymentRejectsBadAmounts() throws {
    let id = try XCTUnwrap(
      service.reserve(siteNumber: 2, camperId: camperId, from: june1, nights: 1).reservation.id)

    XCTAssertThrowsError(try service.recordPayment(cents: 0, forReservation: id, by: ranger)) {
      XCTAssertEqual($0 as? CampgroundError, .invalidPayment(cents: 0))
    }
    XCTAssertThrowsError(try service.recordPayment(cents: 1_001, forReservation: id, by: ranger)) {
      XCTAssertEqual($0 as? CampgroundError, .overpayment(cents: 1_001, balanceCents: 1_000))
    }
    XCTAssertEqual(try service.reservation(id: id)?.amountPaidCents, 0)
    XCTAssertEqual(try service.payments(forReservation: id), [])
  }

  func testRecordPaymentOnCancelledReservationThrows() throws {
    let id = try XCTUnwrap(
      service.reserve(siteNumber: 2, camperId: camperId, from: june1, nights: 1).reservation.id)
    try service.cancel(reservationId: id, by: ranger)

    XCTAssertThrowsError(try service.recordPayment(cents: 100, forReservation: id, by: ranger)) {
      XCTAssertEqual($0 as? CampgroundError, .reservationCancelled(id: id))
    }
  }

  func testASiteWithAPaidReservationIsNeverDeletedAndThePaymentIsKept() throws {
    let id = try XCTUnwrap(
      service.reserve(siteNumber: 2, camperId: camperId, from: june1, nights: 1).reservation.id)
    _ = try service.recordPayment(cents: 500, forReservation: id, by: ranger)
    try service.cancel(reservationId: id, by: ranger)

    XCTAssertThrowsError(try sites.deleteSite(number: 2, by: ranger)) {
      XCTAssertEqual($0 as? CampgroundError, .siteHasReservations(number: 2, reservationIds: [id]))
    }
    XCTAssertEqual(try service.reservation(id: id)?.amountPaidCents, 500)
    XCTAssertEqual(try service.payments(forReservation: id).map(\.amountCents), [500])
    XCTAssertNotNil(try sites.site(number: 2))
  }

  /// Cancelling no longer frees a site for deletion: its reservations are records to keep.
  func testASiteStaysOnceItsReservationIsCancelled() throws {
    let id = try XCTUnwrap(
      service.reserve(siteNumber: 2, camperId: camperId, from: june1, nights: 1).reservation.id)

    XCTAssertThrowsError(try sites.deleteSite(number: 2, by: ranger))
    try service.cancel(reservationId: id, by: ranger)
    XCTAssertThrowsError(try sites.deleteSite(number: 2, by: ranger)) {
      XCTAssertEqual($0 as? CampgroundError, .siteHasReservations(number: 2, reservationIds: [id]))
    }

    XCTAssertEqual(try service.reservation(id: id)?.status, .cancelled)
  }
}
