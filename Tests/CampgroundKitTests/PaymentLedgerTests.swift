import CampgroundKit
import GRDB
import XCTest

/// The payments ledger: each payment, refund and correction is a row naming the ranger and the
/// time, nothing is overwritten, and what a reservation has been paid is the sum of its rows.
final class PaymentLedgerTests: XCTestCase {
  private var queue: DatabaseQueue!
  private var service: ReservationService!
  private var ranger: RangerProof!
  private var reservationId: Int64 = 0

  override func setUpWithError() throws {
    queue = try DatabaseQueue()
    let database = try CampgroundDatabase(queue, notificationCenter: NotificationCenter())
    ranger = try TestRanger.proof(in: database, email: "ada@camp.test")
    try CampSiteService(database: database).addSite(
      number: 1, hasElectricity: false, hasWater: false, nightlyRateCents: 2_000, by: ranger)
    let camper = try CamperService(database: database)
      .addCamper(fullName: "Bacon Lover", phoneNumber: "910-543-9000")
    service = ReservationService(database: database, clock: TestDatabase.clock)
    // Two nights at 20.00: 40.00 due.
    reservationId = try XCTUnwrap(
      service.reserve(
        siteNumber: 1, camperId: try XCTUnwrap(camper.id), from: TestDatabase.day(2025, 6, 1),
        nights: 2
      ).reservation.id)
  }

  override func tearDown() {
    service = nil
    ranger = nil
    queue = nil
  }

  func testEachPaymentIsARowWithWhoAndWhen() throws {
    try service.recordPayment(cents: 1_500, forReservation: reservationId, by: ranger)
    let paid = try service.recordPayment(cents: 500, forReservation: reservationId, by: ranger)

    let rows = try service.payments(forReservation: reservationId)
    XCTAssertEqual(rows.map(\.kind), [.payment, .payment])
    XCTAssertEqual(rows.map(\.amountCents), [1_500, 500])
    XCTAssertEqual(rows.map(\.rangerEmail), ["ada@camp.test", "ada@camp.test"])
    XCTAssertEqual(rows.map(\.recordedAt), [TestDatabase.clock.now, TestDatabase.clock.now])
    XCTAssertEqual(rows.map(\.correctsPaymentId), [nil, nil])
    XCTAssertEqual(paid.amountPaidCents, 2_000)
    XCTAssertEqual(try service.reservation(id: reservationId)?.amountPaidCents, 2_000)
  }

  /// A cancelled stay is refunded: the refund is a row of its own, and what was paid goes down.
  func testARefundIsARowAndNeverMoreThanWasPaid() throws {
    try service.recordPayment(cents: 4_000, forReservation: reservationId, by: ranger)
    try service.cancel(reservationId: reservationId, by: ranger)

    let refunded = try service.recordRefund(
      cents: 1_000, forReservation: reservationId, by: ranger)

    XCTAssertEqual(refunded.amountPaidCents, 3_000)
    XCTAssertEqual(refunded.balanceCents, 1_000)
    XCTAssertEqual(
      try service.payments(forReservation: reservationId).map(\.kind), [.payment, .refund])
    XCTAssertEqual(
      try service.payments(forReservation: reservationId).map(\.amountCents), [4_000, -1_000])
    XCTAssertThrowsError(
      try service.recordRefund(cents: 3_001, forReservation: reservationId, by: ranger)
    ) {
      XCTAssertEqual($0 as? CampgroundError, .overRefund(cents: 3_001, paidCents: 3_000))
    }
    XCTAssertThrowsError(
      try service.recordRefund(cents: 0, forReservation: reservationId, by: ranger)
    ) {
      XCTAssertEqual($0 as? CampgroundError, .invalidPayment(cents: 0))
    }
    XCTAssertThrowsError(try service.recordRefund(cents: 1, forReservation: 99, by: ranger)) {
      XCTAssertEqual($0 as? CampgroundError, .reservationNotFound(id: 99))
    }
  }

  /// A payment recorded by mistake is undone by a correction that reverses it, once: both rows
  /// stay, and a correction is not undone in turn.
  func testUndoIsACorrectionThatReversesTheRowOnce() throws {
    try service.recordPayment(cents: 1_000, forReservation: reservationId, by: ranger)
    let mistake = try XCTUnwrap(service.payments(forReservation: reservationId).first?.id)

    let undone = try service.undoPayment(id: mistake, by: ranger)

    XCTAssertEqual(undone.amountPaidCents, 0)
    let correction = try XCTUnwrap(service.payments(forReservation: reservationId).last)
    XCTAssertEqual(correction.kind, .correction)
    XCTAssertEqual(correction.amountCents, -1_000)
    XCTAssertEqual(correction.correctsPaymentId, mistake)
    XCTAssertEqual(correction.note, "undoes payment \(mistake)")
    XCTAssertEqual(correction.rangerEmail, "ada@camp.test")
    XCTAssertThrowsError(try service.undoPayment(id: mistake, by: ranger)) {
      XCTAssertEqual($0 as? CampgroundError, .paymentAlreadyUndone(id: mistake))
    }
    XCTAssertThrowsError(try service.undoPayment(id: try XCTUnwrap(correction.id), by: ranger)) {
      XCTAssertEqual($0 as? CampgroundError, .correctionCannotBeUndone(id: correction.id!))
    }
    XCTAssertThrowsError(try service.undoPayment(id: 99, by: ranger)) {
      XCTAssertEqual($0 as? CampgroundError, .paymentNotFound(id: 99))
    }
  }

  /// Undoing a payment that was refunded since would leave less than nothing paid: refused.
  func testAnUndoThatWouldUnbalanceTheBooksIsRefused() throws {
    try service.recordPayment(cents: 1_000, forReservation: reservationId, by: ranger)
    try service.recordRefund(cents: 1_000, forReservation: reservationId, by: ranger)
    let payment = try XCTUnwrap(service.payments(forReservation: reservationId).first?.id)

    XCTAssertThrowsError(try service.undoPayment(id: payment, by: ranger)) {
      XCTAssertEqual(
        $0 as? CampgroundError, .undoOutOfBounds(id: payment, paidCents: -1_000, dueCents: 4_000))
    }
    XCTAssertEqual(try service.payments(forReservation: reservationId).count, 2)
  }

  func testAllPaymentsListsEveryRowInOrder() throws {
    try service.recordPayment(cents: 700, forReservation: reservationId, by: ranger)
    try service.recordRefund(cents: 200, forReservation: reservationId, by: ranger)

    XCTAssertEqual(try service.allPayments().map(\.amountCents), [700, -200])
    XCTAssertEqual(try service.payments(forReservation: 99), [])
  }

  /// The schema keeps the books too: a ledger row is never changed or deleted, and a site or a
  /// camper a reservation names is never deleted with it.
  func testTheSchemaRefusesToChangeOrLoseTheBooks() throws {
    try service.recordPayment(cents: 700, forReservation: reservationId, by: ranger)

    for sql in [
      "UPDATE payment SET amountCents = 1", "DELETE FROM payment", "DELETE FROM campSite",
      "DELETE FROM camper", "DELETE FROM reservation",
    ] {
      XCTAssertThrowsError(try queue.write { db in try db.execute(sql: sql) }, sql)
    }
    XCTAssertEqual(try service.payments(forReservation: reservationId).map(\.amountCents), [700])
    XCTAssertEqual(try service.reservation(id: reservationId)?.amountPaidCents, 700)
  }
}
