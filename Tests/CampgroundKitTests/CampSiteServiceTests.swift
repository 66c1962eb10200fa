import CampgroundKit
import XCTest

final class CampSiteServiceTests: XCTestCase {
  private var service: CampSiteService!

  override func setUpWithError() throws {
    service = CampSiteService(database: try TestDatabase.make())
  }

  override func tearDown() {
    service = nil
  }

  func testAddSiteReturnsAndStoresSite() throws {
    let site = try service.addSite(
      number: 7, hasElectricity: true, hasWater: false, nightlyRateCents: 2_500)

    XCTAssertEqual(
      site, CampSite(siteNumber: 7, hasElectricity: true, hasWater: false, nightlyRateCents: 2_500))
    XCTAssertEqual(try service.site(number: 7), site)
  }

  func testAddSiteRejectsDuplicateNumber() throws {
    try service.addSite(number: 1, hasElectricity: false, hasWater: false, nightlyRateCents: 1_000)

    XCTAssertThrowsError(
      try service.addSite(number: 1, hasElectricity: true, hasWater: true, nightlyRateCents: 9_000)
    ) { error in
      XCTAssertEqual(error as? CampgroundError, .duplicateSite(number: 1))
    }
    XCTAssertEqual(try service.site(number: 1)?.nightlyRateCents, 1_000)
  }

  func testAddSiteRejectsNonPositiveNumber() {
    XCTAssertThrowsError(
      try service.addSite(number: 0, hasElectricity: false, hasWater: false, nightlyRateCents: 1)
    ) { error in
      XCTAssertEqual(error as? CampgroundError, .invalidSiteNumber(0))
    }
  }

  func testAddSiteRejectsNegativeRate() throws {
    XCTAssertThrowsError(
      try service.addSite(number: 3, hasElectricity: false, hasWater: false, nightlyRateCents: -1)
    ) { error in
      XCTAssertEqual(error as? CampgroundError, .negativeRate(cents: -1))
    }
    XCTAssertEqual(try service.allSites(), [])
  }

  func testSiteReturnsNilForUnknownNumber() throws {
    XCTAssertNil(try service.site(number: 42))
  }

  func testDeleteSiteRemovesIt() throws {
    try service.addSite(number: 4, hasElectricity: false, hasWater: false, nightlyRateCents: 1_000)

    try service.deleteSite(number: 4)

    XCTAssertNil(try service.site(number: 4))
  }

  func testDeleteUnknownSiteThrowsNotFound() {
    XCTAssertThrowsError(try service.deleteSite(number: 4)) { error in
      XCTAssertEqual(error as? CampgroundError, .siteNotFound(number: 4))
    }
  }

  func testAllSitesAreSortedByNumber() throws {
    try service.addSite(number: 3, hasElectricity: false, hasWater: false, nightlyRateCents: 1)
    try service.addSite(number: 1, hasElectricity: false, hasWater: false, nightlyRateCents: 1)
    try service.addSite(number: 2, hasElectricity: false, hasWater: false, nightlyRateCents: 1)

    XCTAssertEqual(try service.allSites().map(\.siteNumber), [1, 2, 3])
  }

  func testSitesWithAmenitiesFiltersByEveryRequestedAmenity() throws {
    try service.addSite(number: 1, hasElectricity: false, hasWater: false, nightlyRateCents: 1)
    try service.addSite(number: 2, hasElectricity: true, hasWater: false, nightlyRateCents: 1)
    try service.addSite(number: 3, hasElectricity: false, hasWater: true, nightlyRateCents: 1)
    try service.addSite(number: 4, hasElectricity: true, hasWater: true, nightlyRateCents: 1)

    XCTAssertEqual(try service.sites(with: .electricity).map(\.siteNumber), [2, 4])
    XCTAssertEqual(try service.sites(with: .water).map(\.siteNumber), [3, 4])
    XCTAssertEqual(try service.sites(with: [.electricity, .water]).map(\.siteNumber), [4])
    XCTAssertEqual(try service.sites(with: []).map(\.siteNumber), [1, 2, 3, 4])
  }
}
