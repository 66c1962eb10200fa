import CampgroundKit
import XCTest

final class AmenityPricingTests: XCTestCase {
  func testStandardPricesElectricityAndWater() throws {
    let site = CampSite(
      siteNumber: 1, hasElectricity: true, hasWater: true, nightlyRateCents: 2_000)

    XCTAssertEqual(try AmenityPricing.standard.nightlyPriceCents(for: site), 2_800)
    XCTAssertEqual(try AmenityPricing.standard.amountDueCents(for: site, nights: 3), 8_400)
  }

  func testNegativeNightsCostNothing() throws {
    let site = CampSite(
      siteNumber: 1, hasElectricity: false, hasWater: false, nightlyRateCents: 2_000)

    XCTAssertEqual(try AmenityPricing.standard.amountDueCents(for: site, nights: -2), 0)
  }
}
