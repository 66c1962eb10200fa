import CampgroundKit
import Foundation
import XCTest

final class CampSiteServiceTests: XCTestCase {
  private var notificationCenter: NotificationCenter!
  private var database: CampgroundDatabase!
  private var ranger: RangerProof!
  private var service: CampSiteService!

  override func setUpWithError() throws {
    notificationCenter = NotificationCenter()
    database = try TestDatabase.make(notificationCenter: notificationCenter)
    service = CampSiteService(database: database)
    ranger = try TestRanger.proof(in: database)
  }

  override func tearDown() {
    service = nil
    database = nil
    notificationCenter = nil
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

  func testDatabaseIsSavedAfterAddingCampSiteInBackground() {
    let saved = expectation(
      forNotification: .campgroundDatabaseDidSave, object: database,
      notificationCenter: notificationCenter)

    service.addSite(number: 7, hasElectricity: true, hasWater: true, nightlyRateCents: 2_500) { _ in
    }

    wait(for: [saved], timeout: 2)
  }

  func testBackgroundAddReportsTheSiteOrTheRefusal() throws {
    try service.addSite(number: 1, hasElectricity: false, hasWater: false, nightlyRateCents: 1_000)
    let added = expectation(description: "site 2 added")
    let refused = expectation(description: "site 1 refused")

    service.addSite(number: 2, hasElectricity: false, hasWater: true, nightlyRateCents: 900) {
      XCTAssertEqual(try? $0.get().siteNumber, 2)
      added.fulfill()
    }
    service.addSite(number: 1, hasElectricity: false, hasWater: false, nightlyRateCents: 900) {
      XCTAssertEqual($0, .failure(.duplicateSite(number: 1)))
      refused.fulfill()
    }

    wait(for: [added, refused], timeout: 2)
    XCTAssertEqual(try service.allSites().map(\.siteNumber), [1, 2])
  }

  /// Other sites are present, so a lookup that returned any row would fail this test.
  func testSiteReturnsNilForUnknownNumberAmongOtherSites() throws {
    try service.addSite(number: 41, hasElectricity: false, hasWater: false, nightlyRateCents: 1)
    try service.addSite(number: 43, hasElectricity: true, hasWater: true, nightlyRateCents: 2)

    XCTAssertNil(try service.site(number: 42))
    XCTAssertEqual(try service.site(number: 43)?.nightlyRateCents, 2)
  }

  func testAvailableSitesLeaveOutSitesBookedOnAnyNight() throws {
    for number in 1...4 {
      try service.addSite(
        number: number, hasElectricity: number.isMultiple(of: 2), hasWater: false,
        nightlyRateCents: 1_000)
    }
    let camper = try XCTUnwrap(
      CamperService(database: database).addCamper(fullName: "Bacon Lover", phoneNumber: "910").id)
    let reservations = ReservationService(database: database)
    let june10 = TestDatabase.day(2025, 6, 10)
    try reservations.reserve(siteNumber: 1, camperId: camper, from: june10, nights: 2)
    try reservations.reserve(
      siteNumber: 2, camperId: camper, from: TestDatabase.day(2025, 6, 13), nights: 1)
    let cancelled = try reservations.reserve(
      siteNumber: 3, camperId: camper, from: june10, nights: 5)
    try reservations.cancel(reservationId: try XCTUnwrap(cancelled.reservation.id), by: ranger)

    let free = try service.availableSites(from: TestDatabase.day(2025, 6, 11), nights: 2)
    let afterCheckOut = try service.availableSites(from: TestDatabase.day(2025, 6, 12), nights: 1)
    let powered = try service.availableSites(
      from: TestDatabase.day(2025, 6, 11), nights: 3, with: .electricity)

    XCTAssertEqual(free.map(\.siteNumber), [2, 3, 4])
    XCTAssertEqual(afterCheckOut.map(\.siteNumber), [1, 2, 3, 4])
    XCTAssertEqual(powered.map(\.siteNumber), [4])
    XCTAssertThrowsError(try service.availableSites(from: june10, nights: 0)) {
      XCTAssertEqual($0 as? CampingManagerError, .invalidNumberOfDays(0))
    }
  }

  func testDeleteSiteRemovesIt() throws {
    try service.addSite(number: 4, hasElectricity: false, hasWater: false, nightlyRateCents: 1_000)

    try service.deleteSite(number: 4, by: ranger)

    XCTAssertNil(try service.site(number: 4))
  }

  func testDeleteUnknownSiteThrowsNotFound() {
    XCTAssertThrowsError(try service.deleteSite(number: 4, by: ranger)) { error in
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
