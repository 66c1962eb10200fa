/// Where a reservation stands, named as our testing guideline names it.
public enum ReservationStatus: String, Codable, CaseIterable, Sendable {
  /// Booked: the site is held for the camper.
  case reserved = "Reserved"
  /// Refused before it was stored; the `CampingManagerError` returned beside it says why.
  case invalid = "Invalid"
  /// Cancelled: the nights are free again.
  case cancelled = "Cancelled"
}
