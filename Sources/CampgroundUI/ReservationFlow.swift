import CampgroundKit
import Foundation

/// The steps behind `campground reserve`: check the camper, book, and word the outcome.
public struct ReservationFlow: Sendable {
  private let campers: CamperService
  private let reservations: ReservationService

  /// Creates the flow over the camper and reservation services.
  public init(campers: CamperService, reservations: ReservationService) {
    self.campers = campers
    self.reservations = reservations
  }

  /// Books the site from the day `start` falls on where the campground is, and returns the
  /// confirmation line; a refused booking throws.
  public func reserve(camperId: Int64, siteNumber: Int, from start: Date, nights: Int) throws
    -> String
  {
    guard let camper = try campers.camper(id: camperId) else {
      throw CampgroundUIError.unknownCamper(camperId)
    }
    let (reservation, error) = try reservations.reserve(
      siteNumber: siteNumber, camperId: camperId, from: start, nights: nights)
    // The service returns an error for every booking it refuses, and a stored (so numbered)
    // reservation otherwise.
    if let error { throw CampgroundUIError.invalidReservation(error.description) }
    let day = CampgroundCalendar.string(from: reservation.startDate)
    let due = MoneyFormat.string(cents: reservation.amountDueCents)
    return "Reservation \(reservation.id.map(String.init) ?? "?"): site \(siteNumber) for "
      + "\(PlainText.escaped(camper.fullName)) from \(day), \(nights) night(s), \(due) due"
  }
}
