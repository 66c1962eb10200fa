import XCTest

#if canImport(AppLegacy)
  import AppLegacy  // SwiftPM's recording of the fixture; Xcode reads the bridging header
#endif
@testable import App

final class FareTests: XCTestCase {
  func testAWeekIsDiscountedAndPetsPayTheFee() {
    let calculator = FareCalculator(nightlyCents: 3000, petFeeCents: 1500)
    XCTAssertEqual(calculator.fare(nights: 2, pets: false), 6000)
    XCTAssertEqual(calculator.fare(nights: 7, pets: true), 20400)
  }

  func testTheLegacyGroupFareChargesCampersPastSix() {
    XCTAssertEqual(LegacyGroupFare(3000, 2, 8), 7000)
    XCTAssertEqual(LegacyBannerWidth(10), 80)
  }
}
