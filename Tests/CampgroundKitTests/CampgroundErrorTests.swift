import CampgroundKit
import XCTest

final class CampgroundErrorTests: XCTestCase {
  private let june1 = TestDatabase.day(2025, 6, 1)

  func testDescriptionsAreOneLineAndNameTheCulprit() {
    let cases: [(CampgroundError, String)] = [
      (.emptyName, "full name"),
      (.emptyPhoneNumber, "phone number"),
      (.duplicateCamper(fullName: "Ada", phoneNumber: "555"), "Ada (555)"),
      (.camperNotFound(id: 9), "id 9"),
      (.invalidSiteNumber(-3), "-3: site numbers are 1 to 9999"),
      (.rateOutOfRange(cents: -5), "rate -0.05: it must be 0.00 to 10000.00"),
      (.duplicateSite(number: 4), "Site 4"),
      (.siteNotFound(number: 4), "number 4"),
      (.siteUnavailable(number: 2, from: june1, nights: 3), "3 night(s) from 2025-06-01"),
      (.siteHasReservations(number: 2, count: 1), "1 standing"),
      (
        .siteHasPaidReservations(number: 2, count: 1),
        "1 paid reservation(s) whose records must be kept"
      ),
      (.reservationNotFound(id: 8), "id 8"),
      (.reservationCancelled(id: 8), "Reservation 8"),
      (.invalidDateRange(from: june1, to: june1), "2025-06-01 to 2025-06-01"),
      (.invalidPayment(cents: 0), "payment of 0.00"),
      (.overpayment(cents: 1_010, balanceCents: 5), "10.10 is more than the 0.05 still due"),
      (.cannotOpenDatabase(path: "/x.db", reason: "denied"), "/x.db: denied"),
      (.database("disk full"), "disk full"),
      (.amountTooLarge, "too large"),
      (.notSignedIn, "campground login"),
      (
        .invalidRangerEmail("bob"),
        "Invalid email 'bob': a ranger signs in with an address like name@campground.org"
      ),
      (.passwordTooShort(minimum: 8), "at least 8 characters"),
      (.rangerExists("a@b.test"), "Ranger a@b.test already has an account"),
    ]

    for (error, fragment) in cases {
      XCTAssertTrue(error.description.contains(fragment), "\(error.description) lacks \(fragment)")
      XCTAssertFalse(error.description.contains("\n"))
      XCTAssertEqual(error.localizedDescription, error.description)
    }
  }
}
