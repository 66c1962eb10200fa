import GRDB

/// A numbered pitch with its amenities and its price per night.
public struct CampSite: Codable, Equatable, Hashable, Sendable {
  /// The number on the post, unique in the campground.
  public var siteNumber: Int
  /// Whether the site has an electric hook-up.
  public var hasElectricity: Bool
  /// Whether the site has running water.
  public var hasWater: Bool
  /// The price of one night before amenities, in cents.
  public var nightlyRateCents: Int

  /// Creates a site description; it is stored by `CampSiteService.addSite`.
  public init(siteNumber: Int, hasElectricity: Bool, hasWater: Bool, nightlyRateCents: Int) {
    self.siteNumber = siteNumber
    self.hasElectricity = hasElectricity
    self.hasWater = hasWater
    self.nightlyRateCents = nightlyRateCents
  }

  /// The amenities this site offers.
  public var amenities: Amenities {
    var amenities: Amenities = []
    if hasElectricity { amenities.insert(.electricity) }
    if hasWater { amenities.insert(.water) }
    return amenities
  }
}

extension CampSite: FetchableRecord, PersistableRecord {
  /// The table that stores camp sites.
  public static let databaseTableName = "campSite"

  /// The typed columns of the table, for requests.
  public enum Columns {
    /// The `siteNumber` column.
    public static let siteNumber = Column(CodingKeys.siteNumber)
    /// The `hasElectricity` column.
    public static let hasElectricity = Column(CodingKeys.hasElectricity)
    /// The `hasWater` column.
    public static let hasWater = Column(CodingKeys.hasWater)
  }
}
