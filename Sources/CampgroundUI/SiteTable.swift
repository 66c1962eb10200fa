import CampgroundKit

/// Renders camp sites as a table: number, amenities and price per night.
public enum SiteTable {
  /// The sites as a table, or a one-line note when there are none.
  public static func render(_ sites: [CampSite], pricing: AmenityPricing = .standard) -> String {
    guard !sites.isEmpty else { return "No camp sites yet. Add one with: campground add-site" }
    let table = TextTable(
      columns: [
        .init("Site", .right), .init("Electricity"), .init("Water"), .init("Rate", .right),
        .init("With amenities", .right),
      ],
      rows: sites.map { site in
        [
          "\(site.siteNumber)", site.hasElectricity ? "yes" : "no", site.hasWater ? "yes" : "no",
          MoneyFormat.string(cents: site.nightlyRateCents),
          (try? pricing.nightlyPriceCents(for: site)).map { MoneyFormat.string(cents: $0) } ?? "-",
        ]
      })
    return table.render()
  }
}
