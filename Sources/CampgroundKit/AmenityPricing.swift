/// What each amenity adds to a site's nightly rate.
public struct AmenityPricing: Equatable, Sendable {
  /// The surcharge per night for electricity, in cents.
  public var electricityPerNightCents: Int
  /// The surcharge per night for water, in cents.
  public var waterPerNightCents: Int

  /// Creates a price list.
  public init(electricityPerNightCents: Int, waterPerNightCents: Int) {
    self.electricityPerNightCents = electricityPerNightCents
    self.waterPerNightCents = waterPerNightCents
  }

  /// The campground's published prices: 5.00 for electricity, 3.00 for water.
  public static let standard = AmenityPricing(
    electricityPerNightCents: 500, waterPerNightCents: 300)

  /// The price of one night on `site`, amenities included, in cents.
  public func nightlyPriceCents(for site: CampSite) throws -> Int {
    var price = site.nightlyRateCents
    if site.hasElectricity { price = try Self.adding(price, electricityPerNightCents) }
    if site.hasWater { price = try Self.adding(price, waterPerNightCents) }
    return price
  }

  /// The price of `nights` nights on `site`, in cents; zero for no nights.
  ///
  /// Throws `CampgroundError.amountTooLarge` rather than trapping when the total does not fit.
  public func amountDueCents(for site: CampSite, nights: Int) throws -> Int {
    let (total, overflow) = max(nights, 0).multipliedReportingOverflow(
      by: try nightlyPriceCents(for: site))
    guard !overflow else { throw CampgroundError.amountTooLarge }
    return total
  }

  private static func adding(_ price: Int, _ surcharge: Int) throws -> Int {
    let (sum, overflow) = price.addingReportingOverflow(surcharge)
    guard !overflow else { throw CampgroundError.amountTooLarge }
    return sum
  }
}
