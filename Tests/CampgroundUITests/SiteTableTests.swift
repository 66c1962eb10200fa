import CampgroundKit
import CampgroundUI
import XCTest

final class SiteTableTests: XCTestCase {
  func testRendersSitesWithAmenitiesAndPrices() {
    let sites = [
      CampSite(siteNumber: 1, hasElectricity: true, hasWater: true, nightlyRateCents: 2_500),
      CampSite(siteNumber: 12, hasElectricity: false, hasWater: false, nightlyRateCents: 1_850),
    ]

    XCTAssertEqual(
      SiteTable.render(sites),
      """
      Site  Electricity  Water   Rate  With amenities
      ----  -----------  -----  -----  --------------
         1  yes          yes    25.00           33.00
        12  no           no     18.50           18.50
      """)
  }

  func testNoSitesSaysHowToAddOne() {
    XCTAssertEqual(SiteTable.render([]), "No camp sites yet. Add one with: campground add-site")
  }
}
