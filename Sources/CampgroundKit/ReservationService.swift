import Foundation

/// Books sites for campers, cancels bookings and records payments.
public struct ReservationService: Sendable {
  /// The longest stay the campground books, in nights.
  public static let maximumNights = 365
  /// The stays the campground books: 1 to `maximumNights` nights.
  public static let allowedNights = 1...maximumNights

  private let database: CampgroundDatabase
  private let pricing: AmenityPricing

  /// Creates a service over `database` that prices amenities with `pricing`.
  public init(database: CampgroundDatabase, pricing: AmenityPricing = .standard) {
    self.database = database
    self.pricing = pricing
  }

  /// Books `siteNumber` for the camper from `startDate` for `nights` nights.
  ///
  /// As our testing guideline specifies, a stay outside 1...`maximumNights` still returns a
  /// reservation, unsaved and `.invalid`, with a `CampingManagerError` (code 5) beside it. An
  /// unknown camper or site, or a site booked on any of those nights, throws.
  @discardableResult
  public func reserve(siteNumber: Int, camperId: Int64, from startDate: Date, nights: Int) throws
    -> (reservation: Reservation, error: CampingManagerError?)
  {
    guard Self.allowedNights.contains(nights) else {
      let invalid = Reservation(
        camperId: camperId, siteNumber: siteNumber, startDate: startDate, nights: nights,
        status: .invalid, amountDueCents: 0)
      return (invalid, .invalidNumberOfDays(nights))
    }
    guard let site = try database.site(number: siteNumber) else {
      throw CampgroundError.siteNotFound(number: siteNumber)
    }
    let reservation = Reservation(
      camperId: camperId, siteNumber: siteNumber, startDate: startDate, nights: nights,
      status: .reserved, amountDueCents: try pricing.amountDueCents(for: site, nights: nights))
    return (try database.insertReservation(reservation), nil)
  }

  /// Cancels a reservation, freeing its nights. Rangers only.
  @discardableResult
  public func cancel(reservationId: Int64, by ranger: RangerProof) throws -> Reservation {
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

  /// Reservations holding any night from `start` up to (not including) `end`.
  public func reservations(from start: Date, to end: Date) throws -> [Reservation] {
    let first = CampgroundCalendar.startOfDay(start)
    let last = CampgroundCalendar.startOfDay(end)
    guard first < last else { throw CampgroundError.invalidDateRange(from: first, to: last) }
    return try database.reservations(overlapping: first, last)
  }

  /// The price of `nights` nights on `site`: its nightly rate plus amenities, in cents.
  public func amountDue(for site: CampSite, nights: Int) throws -> Int {
    try pricing.amountDueCents(for: site, nights: nights)
  }

  /// Records a payment of `cents` against a reservation; no more than its balance. Rangers only.
  @discardableResult
  public func recordPayment(cents: Int, forReservation reservationId: Int64, by ranger: RangerProof)
    throws -> Reservation
  {
    guard cents > 0 else { throw CampgroundError.invalidPayment(cents: cents) }
    return try database.addPayment(cents: cents, toReservation: reservationId)
  }
}
