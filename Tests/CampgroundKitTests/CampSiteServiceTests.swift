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
    service = CampSiteService(database: database, clock: TestDatabase.clock)
    ranger = try TestRanger.proof(in: database)
  }

  override func tearDown() {
    service = nil
    ranger = nil
    database = nil
    notificationCenter = nil
  }

  /// A plain site at `rate` cents a night, added by the signed-in ranger.
  @discardableResult
  private func addSite(
    _ number: Int, rate: Int = 1_000, electricity: Bool = false, water: Bool = false
  ) throws -> CampSite {
    try service.addSite(
      number: number, hasElectricity: electricity, hasWater: water, nightlyRateCents: rate,
      by: ranger)
  }

  func testAddSiteReturnsAndStoresSite() throws {
    let site = try addSite(7, rate: 2_500, electricity: true)

    XCTAssertEqual(
      site, CampSite(siteNumber: 7, hasElectricity: true, hasWater: false, nightlyRateCents: 2_500))
    XCTAssertEqual(try service.site(number: 7), site)
  }

  func testAddSiteRejectsDuplicateNumber() throws {
    try addSite(1, rate: 1_000)

    XCTAssertThrowsError(try addSite(1, rate: 9_000, electricity: true, water: true)) { error in
      XCTAssertEqual(error as? CampgroundError, .duplicateSite(number: 1))
    }
    XCTAssertEqual(try service.site(number: 1)?.nightlyRateCents, 1_000)
  }

  func testDatabaseIsSavedAfterAddingCampSiteInBackground() {
    let saved = expectation(
      forNotification: .campgroundDatabaseDidSave, object: database,
      notificationCenter: notificationCenter)

    service.addSite(
      number: 7, hasElectricity: true, hasWater: true, nightlyRateCents: 2_500, by: ranger
    ) { _ in }

    wait(for: [saved], timeout: 2)
  }

  func testBackgroundAddReportsTheSiteOrTheRefusal() throws {
    try addSite(1, rate: 1_000)
    let added = expectation(description: "site 2 added")
    let refused = expectation(description: "site 1 refused")

    service.addSite(
      number: 2, hasElectricity: false, hasWater: true, nightlyRateCents: 900, by: ranger
    ) {
      XCTAssertEqual(try? $0.get().siteNumber, 2)
      added.fulfill()
    }
    service.addSite(
      number: 1, hasElectricity: false, hasWater: false, nightlyRateCents: 900, by: ranger
    ) {
      XCTAssertEqual($0, .failure(.duplicateSite(number: 1)))
      refused.fulfill()
    }

    wait(for: [added, refused], timeout: 2)
    XCTAssertEqual(try service.allSites().map(\.siteNumber), [1, 2])
  }

  /// Other sites are present, so a lookup that returned any row would fail this test.
  func testSiteReturnsNilForUnknownNumberAmongOtherSites() throws {
    try addSite(41, rate: 1)
    try addSite(43, rate: 2, electricity: true, water: true)

    XCTAssertNil(try service.site(number: 42))
    XCTAssertEqual(try service.site(number: 43)?.nightlyRateCents, 2)
  }

  func testAvailableSitesLeaveOutSitesBookedOnAnyNight() throws {
    for number in 1...4 {
      try addSite(number, rate: 1_000, electricity: number.isMultiple(of: 2))
    }
    let camper = try XCTUnwrap(
      CamperService(database: database).addCamper(fullName: "Bacon Lover", phoneNumber: "910").id)
    let reservations = ReservationService(database: database, clock: TestDatabase.clock)
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

  /// 02:00 UTC on June 11 is still June 10 in Ontario: the stay asked for from that instant
  /// starts on June 10 there, when site 1 is booked.
  func testAvailabilityCountsTheDaysWhereTheCampgroundIs() throws {
    try addSite(1)
    let camper = try XCTUnwrap(
      CamperService(database: database).addCamper(fullName: "Bacon Lover", phoneNumber: "910").id)
    try ReservationService(database: database, clock: TestDatabase.clock)
      .reserve(siteNumber: 1, camperId: camper, from: TestDatabase.day(2025, 6, 10), nights: 1)
    let lateEvening = TestDatabase.day(2025, 6, 11).addingTimeInterval(2 * 3_600)
    let ontario = CampSiteService(
      database: database,
      clock: .fixed(at: TestDatabase.day(2025, 5, 1), in: TimeZone(identifier: "America/Toronto")!))

    XCTAssertEqual(try ontario.availableSites(from: lateEvening, nights: 1), [])
    XCTAssertEqual(try service.availableSites(from: lateEvening, nights: 1).map(\.siteNumber), [1])
  }

  func testDeleteSiteRemovesIt() throws {
    try addSite(4)

    try service.deleteSite(number: 4, by: ranger)

    XCTAssertNil(try service.site(number: 4))
  }

  func testDeleteUnknownSiteThrowsNotFound() {
    XCTAssertThrowsError(try service.deleteSite(number: 4, by: ranger)) { error in
      XCTAssertEqual(error as? CampgroundError, .siteNotFound(number: 4))
    }
  }

  /// Deleting a site deleted its reservations with it (a cascade), and their payments: now a
  /// site any reservation names, a cancelled one too, is kept, and the error names them.
  func testASiteWithReservationsIsKeptAndTheErrorNamesThem() throws {
    try addSite(1)
    let camper = try XCTUnwrap(
      CamperService(database: database).addCamper(fullName: "Bacon Lover", phoneNumber: "910").id)
    let reservations = ReservationService(database: database, clock: TestDatabase.clock)
    let first = try XCTUnwrap(
      reservations.reserve(
        siteNumber: 1, camperId: camper, from: TestDatabase.day(2025, 6, 1), nights: 1
      ).reservation.id)
    let second = try XCTUnwrap(
      reservations.reserve(
        siteNumber: 1, camperId: camper, from: TestDatabase.day(2025, 6, 5), nights: 1
      ).reservation.id)
    try reservations.cancel(reservationId: first, by: ranger)
    try reservations.cancel(reservationId: second, by: ranger)

    XCTAssertThrowsError(try service.deleteSite(number: 1, by: ranger)) {
      XCTAssertEqual(
        $0 as? CampgroundError, .siteHasReservations(number: 1, reservationIds: [first, second]))
    }
    XCTAssertNotNil(try service.site(number: 1))
    XCTAssertEqual(try reservations.reservations(forCamper: camper).count, 2)
  }

  func testAllSitesAreSortedByNumber() throws {
    try addSite(3, rate: 1)
    try addSite(1, rate: 1)
    try addSite(2, rate: 1)

    XCTAssertEqual(try service.allSites().map(\.siteNumber), [1, 2, 3])
  }

  func testSitesWithAmenitiesFiltersByEveryRequestedAmenity() throws {
    try addSite(1, rate: 1)
    try addSite(2, rate: 1, electricity: true)
    try addSite(3, rate: 1, water: true)
    try addSite(4, rate: 1, electricity: true, water: true)

    XCTAssertEqual(try service.sites(with: .electricity).map(\.siteNumber), [2, 4])
    XCTAssertEqual(try service.sites(with: .water).map(\.siteNumber), [3, 4])
    XCTAssertEqual(try service.sites(with: [.electricity, .water]).map(\.siteNumber), [4])
    XCTAssertEqual(try service.sites(with: []).map(\.siteNumber), [1, 2, 3, 4])
  }
}
