import CampgroundKit
import XCTest

final class ReservationTests: XCTestCase {
  private func reservation(nights: Int = 2, status: ReservationStatus = .reserved, paid: Int = 0)
    -> Reservation
  {
    Reservation(
      camperId: 1, siteNumber: 1, startDate: TestDatabase.day(2025, 6, 10), nights: nights,
      status: status, amountDueCents: 1_000, amountPaidCents: paid)
  }

  func testInitNormalisesStartAndDerivesEnd() {
    let afternoon = TestDatabase.day(2025, 6, 10).addingTimeInterval(15 * 3_600)

    let booked = Reservation(
      camperId: 1, siteNumber: 1, startDate: afternoon, nights: 3, status: .reserved,
      amountDueCents: 0)

    XCTAssertEqual(booked.startDate, TestDatabase.day(2025, 6, 10))
    XCTAssertEqual(booked.endDate, TestDatabase.day(2025, 6, 13))
  }

  func testBalanceAndIsPaid() {
    XCTAssertEqual(reservation(paid: 300).balanceCents, 700)
    XCTAssertFalse(reservation(paid: 300).isPaid)
    XCTAssertEqual(reservation(paid: 1_000).balanceCents, 0)
    XCTAssertTrue(reservation(paid: 1_000).isPaid)
  }

  func testOverlapsOnlySharedNightsOfStandingReservations() {
    let booked = reservation()

    XCTAssertTrue(
      booked.overlaps(start: TestDatabase.day(2025, 6, 11), end: TestDatabase.day(2025, 6, 20)))
    XCTAssertFalse(
      booked.overlaps(start: TestDatabase.day(2025, 6, 12), end: TestDatabase.day(2025, 6, 13)))
    XCTAssertFalse(
      booked.overlaps(start: TestDatabase.day(2025, 6, 1), end: TestDatabase.day(2025, 6, 10)))
    XCTAssertFalse(
      reservation(status: .cancelled)
        .overlaps(start: TestDatabase.day(2025, 6, 10), end: TestDatabase.day(2025, 6, 11)))
  }
}
