import CampgroundKit
import XCTest

final class CampSiteTests: XCTestCase {
  func testAmenitiesReflectHookUps() {
    func site(_ electricity: Bool, _ water: Bool) -> CampSite {
      CampSite(siteNumber: 1, hasElectricity: electricity, hasWater: water, nightlyRateCents: 0)
    }

    XCTAssertEqual(site(false, false).amenities, [])
    XCTAssertEqual(site(true, false).amenities, .electricity)
    XCTAssertEqual(site(false, true).amenities, .water)
    XCTAssertEqual(site(true, true).amenities, [.electricity, .water])
  }
}
