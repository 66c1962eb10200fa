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
  public func nightlyPriceCents(for site: CampSite) -> Int {
    var price = site.nightlyRateCents
    if site.hasElectricity { price += electricityPerNightCents }
    if site.hasWater { price += waterPerNightCents }
    return price
  }

  /// The price of `nights` nights on `site`, in cents; zero for no nights.
  public func amountDueCents(for site: CampSite, nights: Int) -> Int {
    max(nights, 0) * nightlyPriceCents(for: site)
  }
}
