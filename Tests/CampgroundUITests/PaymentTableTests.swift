import CampgroundKit
import CampgroundUI
import Foundation
import XCTest

final class PaymentTableTests: XCTestCase {
  func testRendersEachRowWithItsRangerTimeAndNote() {
    let noon = Date(timeIntervalSince1970: 1_748_779_200)  // 2025-06-01T12:00:00Z
    let payments = [
      Payment(
        id: 1, reservationId: 3, kind: .correction, amountCents: 1_000, rangerEmail: "",
        recordedAt: noon, note: Payment.openingNote),
      Payment(
        id: 2, reservationId: 3, kind: .refund, amountCents: -250, rangerEmail: "ada@camp.test",
        recordedAt: noon.addingTimeInterval(90)),
    ]

    XCTAssertEqual(
      PaymentTable.render(payments),
      """
      Id  Reservation  Kind        Amount  Ranger         Recorded              Note
      --  -----------  ----------  ------  -------------  --------------------  -------------------------------
       1            3  correction   10.00  -              2025-06-01 12:00 UTC  paid before the ledger was kept
       2            3  refund       -2.50  ada@camp.test  2025-06-01 12:01 UTC
      """)
  }

  func testNoPayments() {
    XCTAssertEqual(PaymentTable.render([]), "No payments.")
  }
}
