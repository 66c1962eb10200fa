import Foundation

/// Books sites for campers, cancels bookings, and keeps the payments ledger.
public struct ReservationService: Sendable {
  /// The longest stay the campground books, in nights.
  public static let maximumNights = 365
  /// The stays the campground books: 1 to `maximumNights` nights.
  public static let allowedNights = 1...maximumNights

  private let database: CampgroundDatabase
  private let pricing: AmenityPricing
  private let clock: CampgroundClock

  /// Creates a service over `database` that prices amenities with `pricing` and counts days,
  /// and what "today" is, by `clock` (the campground's zone).
  public init(
    database: CampgroundDatabase, pricing: AmenityPricing = .standard,
    clock: CampgroundClock = .system
  ) {
    self.database = database
    self.pricing = pricing
    self.clock = clock
  }

  /// Books `siteNumber` for the camper for `nights` nights from the day `start` falls on where
  /// the campground is (the clock's zone, not UTC: 21:00 in Ontario is still that day there).
  ///
  /// As our testing guideline specifies, a stay outside 1...`maximumNights` still returns a
  /// reservation, unsaved and `.invalid`, with a `CampingManagerError` (code 5) beside it. A stay
  /// starting before today, an unknown camper or site, or a site booked on any of those nights
  /// throws.
  @discardableResult
  public func reserve(siteNumber: Int, camperId: Int64, from start: Date, nights: Int) throws
    -> (reservation: Reservation, error: CampingManagerError?)
  {
    let first = clock.day(of: start)
    guard Self.allowedNights.contains(nights) else {
      let invalid = Reservation(
        camperId: camperId, siteNumber: siteNumber, startDate: first, nights: nights,
        status: .invalid, amountDueCents: 0)
      return (invalid, .invalidNumberOfDays(nights))
    }
    let today = clock.today
    guard first >= today else { throw CampgroundError.stayInThePast(from: first, today: today) }
    guard let site = try database.site(number: siteNumber) else {
      throw CampgroundError.siteNotFound(number: siteNumber)
    }
    let reservation = Reservation(
      camperId: camperId, siteNumber: siteNumber, startDate: first, nights: nights,
      status: .reserved, amountDueCents: try pricing.amountDueCents(for: site, nights: nights))
    return (try database.insertReservation(reservation), nil)
  }

  /// Cancels a reservation, freeing its nights; what was paid stays until refunded. Rangers only.
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

  /// Reservations holding any night from the day `start` falls on up to (not including) the day
  /// `end` falls on, both where the campground is.
  public func reservations(from start: Date, to end: Date) throws -> [Reservation] {
    let first = clock.day(of: start)
    let last = clock.day(of: end)
    guard first < last else { throw CampgroundError.invalidDateRange(from: first, to: last) }
    return try database.reservations(overlapping: first, last)
  }

  /// The price of `nights` nights on `site`: its nightly rate plus amenities, in cents.
  public func amountDue(for site: CampSite, nights: Int) throws -> Int {
    try pricing.amountDueCents(for: site, nights: nights)
  }

  /// Records a payment of `cents` against a standing reservation, no more than its balance, as
  /// a row of the ledger naming the ranger and the time. Rangers only.
  @discardableResult
  public func recordPayment(cents: Int, forReservation reservationId: Int64, by ranger: RangerProof)
    throws -> Reservation
  {
    guard cents > 0 else { throw CampgroundError.invalidPayment(cents: cents) }
    return try database.addPayment(
      cents: cents, toReservation: reservationId, by: ranger.email, at: clock.now)
  }

  /// Records a refund of `cents` (money given back, a cancelled stay's too), no more than was
  /// paid, as a row of the ledger. Rangers only.
  @discardableResult
  public func recordRefund(cents: Int, forReservation reservationId: Int64, by ranger: RangerProof)
    throws -> Reservation
  {
    guard cents > 0 else { throw CampgroundError.invalidPayment(cents: cents) }
    return try database.addRefund(
      cents: cents, toReservation: reservationId, by: ranger.email, at: clock.now)
  }

  /// Undoes the ledger row `paymentId` (a payment or a refund recorded by mistake) with a
  /// correction that reverses it: the ledger keeps both. Rangers only.
  @discardableResult
  public func undoPayment(id paymentId: Int64, by ranger: RangerProof) throws -> Reservation {
    try database.undoPayment(id: paymentId, by: ranger.email, at: clock.now)
  }

  /// The ledger rows of the reservation, in the order they were recorded; their sum is what it
  /// has been paid.
  public func payments(forReservation reservationId: Int64) throws -> [Payment] {
    try database.payments(reservationId: reservationId)
  }

  /// Every row of the ledger, in the order they were recorded.
  public func allPayments() throws -> [Payment] {
    try database.payments(reservationId: nil)
  }
}
