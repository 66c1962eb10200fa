/// Where a reservation stands.
public enum ReservationStatus: String, Codable, CaseIterable, Sendable {
  /// Booked: the site is held for the camper.
  case confirmed = "Confirmed"
  /// Refused before it was stored; `Reservation.reasonInvalid` says why.
  case invalid = "Invalid"
  /// Cancelled: the nights are free again.
  case cancelled = "Cancelled"
}
