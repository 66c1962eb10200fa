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
