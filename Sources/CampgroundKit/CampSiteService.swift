/// Keeps the list of camp sites.
public struct CampSiteService: Sendable {
  private let database: CampgroundDatabase

  /// Creates a service over `database`.
  public init(database: CampgroundDatabase) {
    self.database = database
  }

  /// Adds a site; its number must be positive and unused, its rate not negative.
  @discardableResult
  public func addSite(
    number: Int, hasElectricity: Bool, hasWater: Bool, nightlyRateCents: Int
  ) throws -> CampSite {
    guard number > 0 else { throw CampgroundError.invalidSiteNumber(number) }
    guard nightlyRateCents >= 0 else { throw CampgroundError.negativeRate(cents: nightlyRateCents) }
    let site = CampSite(
      siteNumber: number, hasElectricity: hasElectricity, hasWater: hasWater,
      nightlyRateCents: nightlyRateCents)
    try database.insertSite(site)
    return site
  }

  /// The site with this number, or nil.
  public func site(number: Int) throws -> CampSite? {
    try database.site(number: number)
  }

  /// Deletes a site; refused while it has confirmed reservations.
  public func deleteSite(number: Int) throws {
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
}
