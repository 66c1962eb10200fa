import Foundation
import GRDB

// MARK: - Payments ledger

extension CampgroundDatabase {
  /// Records money taken for a standing reservation, no more than its balance.
  func addPayment(cents: Int, toReservation id: Int64, by rangerEmail: String, at time: Date)
    throws -> Reservation
  {
    try write { db in
      let reservation = try existingReservation(id: id, in: db)
      guard cents <= reservation.balanceCents else {
        throw CampgroundError.overpayment(cents: cents, balanceCents: reservation.balanceCents)
      }
      return try append(
        Payment(
          reservationId: id, kind: .payment, amountCents: cents, rangerEmail: rangerEmail,
          recordedAt: time),
        to: reservation, in: db)
    }
  }

  /// Records money given back for a reservation (a cancelled one too), no more than was paid.
  func addRefund(cents: Int, toReservation id: Int64, by rangerEmail: String, at time: Date)
    throws -> Reservation
  {
    try write { db in
      guard let reservation = try Reservation.fetchOne(db, key: id) else {
        throw CampgroundError.reservationNotFound(id: id)
      }
      guard cents <= reservation.amountPaidCents else {
        throw CampgroundError.overRefund(cents: cents, paidCents: reservation.amountPaidCents)
      }
      return try append(
        Payment(
          reservationId: id, kind: .refund, amountCents: -cents, rangerEmail: rangerEmail,
          recordedAt: time),
        to: reservation, in: db)
    }
  }

  /// Records a correction that reverses the payment or refund `paymentId`, once; refused when
  /// it would leave the reservation paid below nothing or above its price.
  func undoPayment(id paymentId: Int64, by rangerEmail: String, at time: Date) throws
    -> Reservation
  {
    try write { db in
      guard let undone = try Payment.fetchOne(db, key: paymentId) else {
        throw CampgroundError.paymentNotFound(id: paymentId)
      }
      guard undone.kind != .correction else {
        throw CampgroundError.correctionCannotBeUndone(id: paymentId)
      }
      guard try Payment.filter(Payment.Columns.correctsPaymentId == paymentId).fetchCount(db) == 0
      else { throw CampgroundError.paymentAlreadyUndone(id: paymentId) }
      guard let reservation = try Reservation.fetchOne(db, key: undone.reservationId) else {
        throw CampgroundError.reservationNotFound(id: undone.reservationId)
      }
      let paid = reservation.amountPaidCents - undone.amountCents
      guard (0...reservation.amountDueCents).contains(paid) else {
        throw CampgroundError.undoOutOfBounds(
          id: paymentId, paidCents: paid, dueCents: reservation.amountDueCents)
      }
      return try append(
        Payment(
          reservationId: undone.reservationId, kind: .correction, amountCents: -undone.amountCents,
          rangerEmail: rangerEmail, recordedAt: time, correctsPaymentId: paymentId,
          note: "undoes \(undone.kind.rawValue) \(paymentId)"),
        to: reservation, in: db)
    }
  }

  /// The ledger rows of one reservation, or of all when `reservationId` is nil, in the order
  /// they were recorded.
  func payments(reservationId: Int64?) throws -> [Payment] {
    try read { db in
      var request = Payment.all()
      if let reservationId {
        request = request.filter(Payment.Columns.reservationId == reservationId)
      }
      return try request.order(Payment.Columns.id).fetchAll(db)
    }
  }

  /// Adds `entry` to the ledger and rewrites the reservation's paid amount as the sum of its
  /// rows, in the caller's transaction: the stored amount is always what the ledger says.
  private func append(_ entry: Payment, to reservation: Reservation, in db: Database) throws
    -> Reservation
  {
    _ = try entry.inserted(db)
    var updated = reservation
    updated.amountPaidCents =
      try Int.fetchOne(
        db, sql: "SELECT COALESCE(SUM(amountCents), 0) FROM payment WHERE reservationId = ?",
        arguments: [entry.reservationId]) ?? 0
    try updated.update(db)
    return updated
  }
}
