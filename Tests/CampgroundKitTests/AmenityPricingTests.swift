import CampgroundKit
import XCTest

final class AmenityPricingTests: XCTestCase {
  func testStandardPricesElectricityAndWater() {
    let site = CampSite(
      siteNumber: 1, hasElectricity: true, hasWater: true, nightlyRateCents: 2_000)

    XCTAssertEqual(AmenityPricing.standard.nightlyPriceCents(for: site), 2_800)
    XCTAssertEqual(AmenityPricing.standard.amountDueCents(for: site, nights: 3), 8_400)
  }

  func testNegativeNightsCostNothing() {
    let site = CampSite(
      siteNumber: 1, hasElectricity: false, hasWater: false, nightlyRateCents: 2_000)

    XCTAssertEqual(AmenityPricing.standard.amountDueCents(for: site, nights: -2), 0)
  }
}
