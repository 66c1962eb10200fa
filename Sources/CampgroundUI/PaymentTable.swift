import CampgroundKit

/// Renders the payments ledger as a table: each row with its reservation, kind, signed amount,
/// the ranger who recorded it, when, and the note of a correction.
public enum PaymentTable {
  /// The rows as a table, or a one-line note when there are none.
  public static func render(_ payments: [Payment]) -> String {
    guard !payments.isEmpty else { return "No payments." }
    let table = TextTable(
      columns: [
        .init("Id", .right), .init("Reservation", .right), .init("Kind"), .init("Amount", .right),
        .init("Ranger"), .init("Recorded"), .init("Note"),
      ],
      rows: payments.map { payment in
        [
          payment.id.map { "\($0)" } ?? "-",
          "\(payment.reservationId)",
          payment.kind.rawValue,
          MoneyFormat.string(cents: payment.amountCents),
          payment.rangerEmail.isEmpty ? "-" : payment.rangerEmail,
          ClockText.utc(payment.recordedAt),
          payment.note,
        ]
      })
    return table.render()
  }
}
