import CampgroundKit
import GRDB
import XCTest

final class CampgroundDatabaseTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("CampgroundDatabaseTests-\(UUID().uuidString)")
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  func testOpenCreatesFolderAndKeepsDataAcrossOpens() throws {
    let url = folder.appendingPathComponent("nested/campground.sqlite")

    try CampSiteService(database: CampgroundDatabase.open(at: url))
      .addSite(number: 5, hasElectricity: true, hasWater: false, nightlyRateCents: 1_200)
    let reopened = CampSiteService(database: try CampgroundDatabase.open(at: url))

    XCTAssertTrue(FileManager.default.fileExists(atPath: url.path))
    XCTAssertEqual(try reopened.site(number: 5)?.nightlyRateCents, 1_200)
  }

  func testOpenBelowAFileReportsCannotOpen() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let blocker = folder.appendingPathComponent("plain-file")
    try Data("x".utf8).write(to: blocker)
    let url = blocker.appendingPathComponent("campground.sqlite")

    XCTAssertThrowsError(try CampgroundDatabase.open(at: url)) { error in
      guard case .cannotOpenDatabase(let path, _)? = error as? CampgroundError else {
        return XCTFail("unexpected error \(error)")
      }
      XCTAssertEqual(path, url.path)
    }
  }

  func testOpenRejectsAFileThatIsNotADatabase() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent("notes.sqlite")
    try Data(repeating: 0x41, count: 4_096).write(to: url)

    XCTAssertThrowsError(try CampgroundDatabase.open(at: url)) { error in
      guard case .cannotOpenDatabase(let path, let reason)? = error as? CampgroundError else {
        return XCTFail("unexpected error \(error)")
      }
      XCTAssertEqual(path, url.path)
      XCTAssertFalse(reason.isEmpty)
    }
  }

  func testWriteToReadOnlyDatabaseReportsDatabaseError() throws {
    let url = folder.appendingPathComponent("campground.sqlite")
    _ = try CampgroundDatabase.open(at: url)
    var configuration = Configuration()
    configuration.readonly = true
    let readOnly = try CampgroundDatabase(
      DatabaseQueue(path: url.path, configuration: configuration))

    XCTAssertThrowsError(
      try CampSiteService(database: readOnly)
        .addSite(number: 1, hasElectricity: false, hasWater: false, nightlyRateCents: 1)
    ) { error in
      guard case .database(let message)? = error as? CampgroundError else {
        return XCTFail("unexpected error \(error)")
      }
      XCTAssertTrue(message.contains("readonly"), message)
    }
  }

  func testEachCommittedWriteIsAnnounced() throws {
    let center = NotificationCenter()
    let database = try TestDatabase.make(notificationCenter: center)
    let saves = SaveCounter(database: database, notificationCenter: center)
    let sites = CampSiteService(database: database)

    try sites.addSite(number: 1, hasElectricity: false, hasWater: false, nightlyRateCents: 1)
    try sites.deleteSite(number: 1)
    _ = try sites.allSites()

    XCTAssertEqual(saves.count, 2)
  }

  func testEveryTestGetsAnEmptyStore() throws {
    let first = CampSiteService(database: try TestDatabase.make())
    try first.addSite(number: 1, hasElectricity: false, hasWater: false, nightlyRateCents: 1)

    let second = CampSiteService(database: try TestDatabase.make())

    XCTAssertEqual(try second.allSites(), [])
  }
}
