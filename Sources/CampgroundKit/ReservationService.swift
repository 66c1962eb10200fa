import Foundation

/// Books sites for campers, cancels bookings and records payments.
public struct ReservationService: Sendable {
  /// The reason given for a reservation of zero or negative nights.
  public static let invalidNightsReason = "Invalid number of days"

  private let database: CampgroundDatabase
  private let pricing: AmenityPricing

  /// Creates a service over `database` that prices amenities with `pricing`.
  public init(database: CampgroundDatabase, pricing: AmenityPricing = .standard) {
    self.database = database
    self.pricing = pricing
  }

  /// Books `siteNumber` for the camper from `startDate` for `nights` nights.
  ///
  /// Zero or negative nights give an unsaved `.invalid` reservation; an unknown camper or
  /// site, or a site booked on any of those nights, throws.
  @discardableResult
  public func reserve(siteNumber: Int, camperId: Int64, from startDate: Date, nights: Int) throws
    -> Reservation
  {
    guard nights > 0 else {
      return Reservation(
        camperId: camperId, siteNumber: siteNumber, startDate: startDate, nights: nights,
        status: .invalid, amountDueCents: 0, reasonInvalid: Self.invalidNightsReason)
    }
    guard let site = try database.site(number: siteNumber) else {
      throw CampgroundError.siteNotFound(number: siteNumber)
    }
    let reservation = Reservation(
      camperId: camperId, siteNumber: siteNumber, startDate: startDate, nights: nights,
      status: .confirmed, amountDueCents: amountDue(for: site, nights: nights))
    return try database.insertReservation(reservation)
  }

  /// Cancels a reservation, freeing its nights.
  @discardableResult
  public func cancel(reservationId: Int64) throws -> Reservation {
    try database.cancelReservation(id: reservationId)
  }

  /// The reservation with this id, or nil.
  public func reservation(id: Int64) throws -> Reservation? {
    try database.reservation(id: id)
  }

  /// Every reservation of the camper, cancelled ones included, by start date.
  public func reservations(forCamper camperId: Int64) throws -> [Reservation] {
    try database.reservations(camperId: camperId)
  }

  /// Confirmed reservations holding any night from `start` up to (not including) `end`.
  public func reservations(from start: Date, to end: Date) throws -> [Reservation] {
    let first = CampgroundCalendar.startOfDay(start)
    let last = CampgroundCalendar.startOfDay(end)
    guard first < last else { throw CampgroundError.invalidDateRange(from: first, to: last) }
    return try database.reservations(overlapping: first, last)
  }

  /// The price of `nights` nights on `site`: its nightly rate plus amenities, in cents.
  public func amountDue(for site: CampSite, nights: Int) -> Int {
    pricing.amountDueCents(for: site, nights: nights)
  }

  /// Records a payment of `cents` against a reservation; no more than its balance.
  @discardableResult
  public func recordPayment(cents: Int, forReservation reservationId: Int64) throws -> Reservation {
    guard cents > 0 else { throw CampgroundError.invalidPayment(cents: cents) }
    return try database.addPayment(cents: cents, toReservation: reservationId)
  }
}
