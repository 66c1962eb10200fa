import CampgroundKit
import CampgroundUI
import XCTest

final class ReservationTableTests: XCTestCase {
  func testRendersReservationsWithCamperNames() throws {
    let start = try XCTUnwrap(CampgroundCalendar.date(year: 2025, month: 6, day: 1))
    let reservations = [
      Reservation(
        id: 1, camperId: 7, siteNumber: 3, startDate: start, nights: 2, status: .reserved,
        amountDueCents: 5_000, amountPaidCents: 1_000),
      Reservation(
        id: 2, camperId: 8, siteNumber: 4, startDate: start, nights: 1, status: .cancelled,
        amountDueCents: 900),
    ]

    XCTAssertEqual(
      ReservationTable.render(reservations, camperNames: [7: "Ada Lovelace"]),
      """
      Id  Site  Camper        From        Nights  Status       Due   Paid
      --  ----  ------------  ----------  ------  ---------  -----  -----
       1     3  Ada Lovelace  2025-06-01       2  Reserved   50.00  10.00
       2     4  #8            2025-06-01       1  Cancelled   9.00   0.00
      """)
  }

  func testNoReservations() {
    XCTAssertEqual(ReservationTable.render([], camperNames: [:]), "No reservations.")
  }
}
