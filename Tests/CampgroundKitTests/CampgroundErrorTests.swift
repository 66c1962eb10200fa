import CampgroundKit
import XCTest

final class CampgroundErrorTests: XCTestCase {
  private let june1 = TestDatabase.day(2025, 6, 1)

  func testDescriptionsAreOneLineAndNameTheCulprit() {
    let cases: [(CampgroundError, String)] = [
      (.emptyName, "full name"),
      (.emptyPhoneNumber, "phone number"),
      (
        .controlCharacter(field: "name", code: "U+001B"),
        "A camper's name cannot hold control characters (found U+001B)"
      ),
      (.duplicateCamper(fullName: "Ada", phoneNumber: "555"), "Ada (555)"),
      (.camperNotFound(id: 9), "id 9"),
      (
        .camperHasReservations(id: 9, reservationIds: [4, 6]),
        "Camper 9 has reservation(s) 4, 6 on record"
      ),
      (.invalidSiteNumber(-3), "-3: site numbers are 1 to 9999"),
      (.rateOutOfRange(cents: -5), "rate -0.05: it must be 0.00 to 10000.00"),
      (.duplicateSite(number: 4), "Site 4"),
      (.siteNotFound(number: 4), "number 4"),
      (.siteUnavailable(number: 2, from: june1, nights: 3), "3 night(s) from 2025-06-01"),
      (
        .siteHasReservations(number: 2, reservationIds: [1, 3]),
        "Site 2 has reservation(s) 1, 3 on record, kept with their payments; it cannot be deleted"
      ),
      (
        .siteHasReservations(number: 2, reservationIds: Array(1...12)),
        "reservation(s) 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 2 more on record"
      ),
      (
        .stayInThePast(from: TestDatabase.day(2020, 1, 1), today: june1),
        "Cannot book a stay from 2020-01-01: that day has passed (today is 2025-06-01 where the campground is)"
      ),
      (.reservationNotFound(id: 8), "id 8"),
      (.reservationCancelled(id: 8), "Reservation 8"),
      (.invalidDateRange(from: june1, to: june1), "2025-06-01 to 2025-06-01"),
      (.invalidPayment(cents: 0), "payment of 0.00"),
      (.overpayment(cents: 1_010, balanceCents: 5), "10.10 is more than the 0.05 still due"),
      (.overRefund(cents: 1_010, paidCents: 5), "Refund of 10.10 is more than the 0.05 paid"),
      (.paymentNotFound(id: 4), "No payment with id 4"),
      (.correctionCannotBeUndone(id: 4), "Payment 4 is a correction and cannot be undone"),
      (.paymentAlreadyUndone(id: 4), "Payment 4 was undone already"),
      (
        .undoOutOfBounds(id: 4, paidCents: -500, dueCents: 4_000),
        "Undoing payment 4 would leave -5.00 paid, outside 0.00 to 40.00"
      ),
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
      (.rangerNotFound("a@b.test"), "No ranger a@b.test; nothing was changed"),
      (.lastRanger("a@b.test"), "Ranger a@b.test is the last ranger and stays"),
      (.wrongPassword, "That email and current password do not match a ranger"),
      (
        .signInThrottled(retryAfterSeconds: 128),
        "Too many failed sign-ins; try again in 2 min 8 s"
      ),
    ]

    for (error, fragment) in cases {
      XCTAssertTrue(error.description.contains(fragment), "\(error.description) lacks \(fragment)")
      XCTAssertFalse(error.description.contains("\n"))
      XCTAssertEqual(error.localizedDescription, error.description)
    }
  }

  /// What a user typed comes back in some messages: a control character in it is shown as its
  /// code, never sent to the terminal.
  func testTextFromTheUserIsPrintedWithItsControlCharactersShown() {
    let errors: [CampgroundError] = [
      .invalidRangerEmail("a\u{1B}[2J@camp.test"), .rangerNotFound("a\u{1B}[2J@camp.test"),
      .cannotOpenDatabase(path: "/tmp/\u{1B}[2J", reason: "denied"),
    ]

    for error in errors {
      XCTAssertTrue(error.description.contains("\\u{1B}[2J"), error.description)
      XCTAssertFalse(error.description.unicodeScalars.contains("\u{1B}"), error.description)
    }
  }
}
