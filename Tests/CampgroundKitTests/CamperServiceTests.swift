import CampgroundKit
import XCTest

final class CamperServiceTests: XCTestCase {
  private var notificationCenter: NotificationCenter!
  private var database: CampgroundDatabase!
  private var service: CamperService!

  override func setUpWithError() throws {
    notificationCenter = NotificationCenter()
    database = try TestDatabase.make(notificationCenter: notificationCenter)
    service = CamperService(database: database)
  }

  override func tearDown() {
    service = nil
    database = nil
    notificationCenter = nil
  }

  func testAddCamperReturnsSavedCamperWithId() throws {
    let camper = try service.addCamper(fullName: "Bacon Lover", phoneNumber: "910-543-9000")

    XCTAssertNotNil(camper.id)
    XCTAssertEqual(camper.fullName, "Bacon Lover")
    XCTAssertEqual(camper.phoneNumber, "910-543-9000")
  }

  func testAddCamperTrimsWhitespace() throws {
    let camper = try service.addCamper(fullName: "  Ada Lovelace ", phoneNumber: " 555-0100\n")

    XCTAssertEqual(camper.fullName, "Ada Lovelace")
    XCTAssertEqual(camper.phoneNumber, "555-0100")
  }

  func testAddCamperRejectsEmptyName() {
    XCTAssertThrowsError(try service.addCamper(fullName: "   ", phoneNumber: "555-0100")) { error in
      XCTAssertEqual(error as? CampgroundError, .emptyName)
    }
  }

  func testAddCamperRejectsEmptyPhoneNumber() {
    XCTAssertThrowsError(try service.addCamper(fullName: "Ada", phoneNumber: "")) { error in
      XCTAssertEqual(error as? CampgroundError, .emptyPhoneNumber)
    }
  }

  /// A name or a phone number with an escape sequence would act on every terminal that lists
  /// the campers; such characters are refused, with the first one named, and nothing is stored.
  func testAddCamperRefusesControlCharacters() throws {
    let cases: [(String, String, CampgroundError)] = [
      ("Ada\u{1B}[2J", "555-0100", .controlCharacter(field: "name", code: "U+001B")),
      ("Ada\nLovelace", "555-0100", .controlCharacter(field: "name", code: "U+000A")),
      ("Ada", "555\u{202E}0100", .controlCharacter(field: "phone number", code: "U+202E")),
      ("Ada\u{9B}31m", "555-0100", .controlCharacter(field: "name", code: "U+009B")),
    ]
    for (name, phone, expected) in cases {
      XCTAssertThrowsError(try service.addCamper(fullName: name, phoneNumber: phone)) {
        XCTAssertEqual($0 as? CampgroundError, expected)
      }
    }

    XCTAssertEqual(try service.allCampers(), [])
    XCTAssertEqual(
      try service.addCamper(fullName: "Zoë 🏕️ Ðorđević", phoneNumber: "+1 555").fullName,
      "Zoë 🏕️ Ðorđević")
  }

  func testAddCamperRejectsDuplicateIgnoringNameCase() throws {
    try service.addCamper(fullName: "Ada Lovelace", phoneNumber: "555-0100")

    XCTAssertThrowsError(try service.addCamper(fullName: "ada lovelace", phoneNumber: "555-0100")) {
      error in
      XCTAssertEqual(
        error as? CampgroundError,
        .duplicateCamper(fullName: "ada lovelace", phoneNumber: "555-0100"))
    }
    XCTAssertEqual(try service.allCampers().count, 1)
  }

  func testSameNameWithAnotherPhoneIsAnotherCamper() throws {
    let first = try service.addCamper(fullName: "Sam Smith", phoneNumber: "555-0001")
    let second = try service.addCamper(fullName: "Sam Smith", phoneNumber: "555-0002")

    XCTAssertNotEqual(first.id, second.id)
    XCTAssertEqual(try service.findCampers(named: "sam smith"), [first, second])
  }

  func testCamperByIdFindsSavedCamperAndNilForUnknownId() throws {
    let saved = try service.addCamper(fullName: "Ada Lovelace", phoneNumber: "555-0100")

    XCTAssertEqual(try service.camper(id: try XCTUnwrap(saved.id)), saved)
    XCTAssertNil(try service.camper(id: 999))
  }

  func testFindCampersReturnsEmptyForUnknownName() throws {
    try service.addCamper(fullName: "Ada Lovelace", phoneNumber: "555-0100")

    XCTAssertEqual(try service.findCampers(named: "Grace Hopper"), [])
  }

  func testDeleteCamperRemovesOneWhoNeverBooked() throws {
    let ranger = try TestRanger.proof(in: database)
    let mistake = try XCTUnwrap(service.addCamper(fullName: "Ada Typo", phoneNumber: "555").id)

    try service.deleteCamper(id: mistake, by: ranger)

    XCTAssertNil(try service.camper(id: mistake))
    XCTAssertThrowsError(try service.deleteCamper(id: mistake, by: ranger)) {
      XCTAssertEqual($0 as? CampgroundError, .camperNotFound(id: mistake))
    }
  }

  /// A camper's reservations are records (and their payments): the camper is kept, and the
  /// error names the reservations.
  func testACamperWithReservationsIsKeptAndTheErrorNamesThem() throws {
    let ranger = try TestRanger.proof(in: database)
    try CampSiteService(database: database).addSite(
      number: 1, hasElectricity: false, hasWater: false, nightlyRateCents: 1_000, by: ranger)
    let camper = try XCTUnwrap(service.addCamper(fullName: "Ada", phoneNumber: "555").id)
    let reservations = ReservationService(database: database, clock: TestDatabase.clock)
    let booked = try XCTUnwrap(
      reservations.reserve(
        siteNumber: 1, camperId: camper, from: TestDatabase.day(2025, 6, 1), nights: 1
      ).reservation.id)
    try reservations.cancel(reservationId: booked, by: ranger)

    XCTAssertThrowsError(try service.deleteCamper(id: camper, by: ranger)) {
      XCTAssertEqual(
        $0 as? CampgroundError, .camperHasReservations(id: camper, reservationIds: [booked]))
    }
    XCTAssertNotNil(try service.camper(id: camper))
    XCTAssertEqual(try reservations.reservations(forCamper: camper).map(\.id), [booked])
  }

  func testAllCampersAreSortedByName() throws {
    try service.addCamper(fullName: "Zoe", phoneNumber: "1")
    try service.addCamper(fullName: "adam", phoneNumber: "2")

    XCTAssertEqual(try service.allCampers().map(\.fullName), ["adam", "Zoe"])
  }

  func testDatabaseIsSavedAfterAddingCamperInBackground() {
    let saved = expectation(
      forNotification: .campgroundDatabaseDidSave, object: database,
      notificationCenter: notificationCenter)

    service.addCamper(fullName: "Bacon Lover", phoneNumber: "910-543-9000") { _ in }

    wait(for: [saved], timeout: 2)
  }

  func testBackgroundAddReportsSavedCamper() {
    let added = expectation(description: "camper added")
    let service = self.service!

    service.addCamper(fullName: "Bacon Lover", phoneNumber: "910-543-9000") { result in
      XCTAssertEqual(try? result.get().fullName, "Bacon Lover")
      XCTAssertEqual(try? service.findCampers(named: "Bacon Lover").count, 1)
      added.fulfill()
    }

    wait(for: [added], timeout: 2)
  }

  func testBackgroundAddReportsValidationError() {
    let failed = expectation(description: "add failed")

    service.addCamper(fullName: "", phoneNumber: "910-543-9000") { result in
      if case .failure(let error) = result {
        XCTAssertEqual(error, .emptyName)
      } else {
        XCTFail("expected a failure, got \(result)")
      }
      failed.fulfill()
    }

    wait(for: [failed], timeout: 2)
  }

  func testRejectedDuplicateDoesNotAnnounceSave() throws {
    let saves = SaveCounter(database: database, notificationCenter: notificationCenter)
    try service.addCamper(fullName: "Ada", phoneNumber: "555-0100")

    XCTAssertThrowsError(try service.addCamper(fullName: "Ada", phoneNumber: "555-0100"))

    XCTAssertEqual(saves.count, 1)
  }
}
