import CampgroundKit

/// Renders reservations as a table, naming each camper.
public enum ReservationTable {
  /// The reservations as a table, or a one-line note when there are none.
  public static func render(_ reservations: [Reservation], camperNames: [Int64: String]) -> String {
    guard !reservations.isEmpty else { return "No reservations." }
    let table = TextTable(
      columns: [
        .init("Id", .right), .init("Site", .right), .init("Camper"), .init("From"),
        .init("Nights", .right), .init("Status"), .init("Due", .right), .init("Paid", .right),
      ],
      rows: reservations.map { reservation in
        [
          reservation.id.map { "\($0)" } ?? "-",
          "\(reservation.siteNumber)",
          camperNames[reservation.camperId] ?? "#\(reservation.camperId)",
          CampgroundCalendar.string(from: reservation.startDate),
          "\(reservation.nights)",
          reservation.status.rawValue,
          MoneyFormat.string(cents: reservation.amountDueCents),
          MoneyFormat.string(cents: reservation.amountPaidCents),
        ]
      })
    return table.render()
  }
}
