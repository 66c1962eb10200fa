import CampgroundKit
import XCTest

/// Tests do not share a store: these two write the same site into the store `setUp` gives them
/// and each expects to find only its own. Were the store shared between tests (a static
/// database, a file), whichever ran second would fail, in either order: the site would
/// already exist.
final class StoreIsolationTests: XCTestCase {
  private var sites: CampSiteService!

  override func setUpWithError() throws {
    sites = CampSiteService(database: try TestDatabase.make())
  }

  override func tearDown() {
    sites = nil
  }

  func testOneOfTwoTestsWritingSiteOne() throws {
    try sites.addSite(number: 1, hasElectricity: false, hasWater: false, nightlyRateCents: 1_000)

    XCTAssertEqual(try sites.allSites().map(\.nightlyRateCents), [1_000])
  }

  func testTheOtherOfTwoTestsWritingSiteOne() throws {
    try sites.addSite(number: 1, hasElectricity: true, hasWater: true, nightlyRateCents: 2_000)

    XCTAssertEqual(try sites.allSites().map(\.nightlyRateCents), [2_000])
  }
}
