import Foundation

/// Keeps the list of camp sites; only a signed-in ranger changes it.
public struct CampSiteService: Sendable {
  /// The numbers a site may have.
  public static let allowedSiteNumbers = 1...9_999
  /// The highest nightly rate before amenities, in cents (10,000.00).
  public static let maximumRateCents = 1_000_000

  private let database: CampgroundDatabase
  private let queue: DispatchQueue
  private let clock: CampgroundClock

  /// Creates a service over `database`; background saves run on `queue`, and a stay's days are
  /// counted by `clock` (the campground's zone).
  public init(
    database: CampgroundDatabase, queue: DispatchQueue = .global(qos: .userInitiated),
    clock: CampgroundClock = .system
  ) {
    self.database = database
    self.queue = queue
    self.clock = clock
  }

  /// Adds a site; its number must be allowed and unused, its rate within 0...`maximumRateCents`.
  /// Rangers only.
  @discardableResult
  public func addSite(
    number: Int, hasElectricity: Bool, hasWater: Bool, nightlyRateCents: Int,
    by ranger: RangerProof
  ) throws -> CampSite {
    guard Self.allowedSiteNumbers.contains(number) else {
      throw CampgroundError.invalidSiteNumber(number)
    }
    guard (0...Self.maximumRateCents).contains(nightlyRateCents) else {
      throw CampgroundError.rateOutOfRange(cents: nightlyRateCents)
    }
    let site = CampSite(
      siteNumber: number, hasElectricity: hasElectricity, hasWater: hasWater,
      nightlyRateCents: nightlyRateCents)
    try database.insertSite(site)
    return site
  }

  /// Adds a site on the background queue and reports the outcome to `completion` there.
  /// Rangers only.
  public func addSite(
    number: Int, hasElectricity: Bool, hasWater: Bool, nightlyRateCents: Int,
    by ranger: RangerProof,
    completion: @escaping @Sendable (Result<CampSite, CampgroundError>) -> Void
  ) {
    queue.async {
      completion(
        CampgroundError.catching {
          try addSite(
            number: number, hasElectricity: hasElectricity, hasWater: hasWater,
            nightlyRateCents: nightlyRateCents, by: ranger)
        })
    }
  }

  /// The site with this number, or nil.
  public func site(number: Int) throws -> CampSite? {
    try database.site(number: number)
  }

  /// Deletes a site; refused, with the reservations named, while any reservation (a cancelled
  /// one too) names it: they and their payments are kept. Rangers only.
  public func deleteSite(number: Int, by ranger: RangerProof) throws {
    try database.deleteSite(number: number)
  }

  /// Every site, by number.
  public func allSites() throws -> [CampSite] {
    try database.sites(with: [])
  }

  /// Sites that offer every amenity in `amenities`, by number.
  public func sites(with amenities: Amenities) throws -> [CampSite] {
    try database.sites(with: amenities)
  }

  /// Sites free on every night of a stay of `nights` nights from the day `start` falls on where
  /// the campground is, that offer `amenities`.
  ///
  /// A stay outside `ReservationService.allowedNights` throws its `CampingManagerError`.
  public func availableSites(from start: Date, nights: Int, with amenities: Amenities = [])
    throws -> [CampSite]
  {
    guard ReservationService.allowedNights.contains(nights) else {
      throw CampingManagerError.invalidNumberOfDays(nights)
    }
    let first = clock.day(of: start)
    return try database.sites(
      with: amenities, freeFrom: first, to: CampgroundCalendar.adding(nights: nights, to: first))
  }
}
