import GRDB
import XCTest

@testable import CampgroundKit

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
    let ranger = try TestRanger.proof(in: database)
    let saves = SaveCounter(database: database, notificationCenter: center)
    let sites = CampSiteService(database: database)

    try sites.addSite(number: 1, hasElectricity: false, hasWater: false, nightlyRateCents: 1)
    try sites.deleteSite(number: 1, by: ranger)
    _ = try sites.allSites()

    XCTAssertEqual(saves.count, 2)
  }

  /// Two terminals on one file: a write waits up to 5 s for the other's transaction instead of
  /// failing at once, because `open(at:)` sets SQLite's busy timeout on its connection. Read
  /// back from SQLite itself, so no test has to hold a lock and sleep to show it.
  func testAnOpenedDatabaseWaitsFiveSecondsForAnotherTerminal() throws {
    let database = try CampgroundDatabase.open(
      at: folder.appendingPathComponent("campground.sqlite"))

    let milliseconds = try database.read { db in try Int.fetchOne(db, sql: "PRAGMA busy_timeout") }

    XCTAssertEqual(milliseconds, 5_000)
    // An in-memory store of a test has no other terminal to wait for: SQLite's default, 0.
    XCTAssertEqual(
      try TestDatabase.make().read { db in try Int.fetchOne(db, sql: "PRAGMA busy_timeout") }, 0)
  }

  /// A database written before the guideline's status names still reads its reservations.
  func testOpeningAnOlderDatabaseRenamesConfirmedToReserved() throws {
    let url = folder.appendingPathComponent("v1.sqlite")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try DatabaseQueue(path: url.path).write { db in
      try db.execute(
        sql: """
          CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
          INSERT INTO grdb_migrations VALUES ('v1');
          CREATE TABLE camper (id INTEGER PRIMARY KEY AUTOINCREMENT, fullName TEXT NOT NULL,
            phoneNumber TEXT NOT NULL);
          CREATE TABLE campSite (siteNumber INTEGER PRIMARY KEY, hasElectricity BOOLEAN NOT NULL,
            hasWater BOOLEAN NOT NULL, nightlyRateCents INTEGER NOT NULL);
          CREATE TABLE reservation (id INTEGER PRIMARY KEY AUTOINCREMENT,
            camperId INTEGER NOT NULL REFERENCES camper(id) ON DELETE CASCADE,
            siteNumber INTEGER NOT NULL REFERENCES campSite(siteNumber) ON DELETE CASCADE,
            startDate DATETIME NOT NULL, endDate DATETIME NOT NULL, nights INTEGER NOT NULL,
            status TEXT NOT NULL, amountDueCents INTEGER NOT NULL,
            amountPaidCents INTEGER NOT NULL, reasonInvalid TEXT);
          INSERT INTO camper VALUES (1, 'Bacon Lover', '910-543-9000');
          INSERT INTO campSite VALUES (3, 1, 0, 1000);
          INSERT INTO reservation VALUES (1, 1, 3, '2025-06-01 00:00:00.000',
            '2025-06-03 00:00:00.000', 2, 'Confirmed', 3000, 0, NULL);
          """)
    }

    let reservations = ReservationService(database: try CampgroundDatabase.open(at: url))

    XCTAssertEqual(try reservations.reservation(id: 1)?.status, .reserved)
    XCTAssertEqual(try reservations.reservations(forCamper: 1).count, 1)
    // The column no reservation ever filled is gone; a stored one reads as before.
    let columns = try DatabaseQueue(path: url.path).read { db in
      try db.columns(in: "reservation").map(\.name)
    }
    XCTAssertFalse(columns.contains("reasonInvalid"), "\(columns)")
    XCTAssertTrue(columns.contains("amountPaidCents"), "\(columns)")
  }
}
