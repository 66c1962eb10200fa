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

  /// The permission bits of `url`, e.g. 0o600.
  private func mode(_ url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return try XCTUnwrap(attributes[.posixPermissions] as? NSNumber).intValue & 0o777
  }

  private func setMode(_ mode: Int, _ url: URL) throws {
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
  }

  func testOpenCreatesFolderAndKeepsDataAcrossOpens() throws {
    let url = folder.appendingPathComponent("nested/campground.sqlite")

    let database = try CampgroundDatabase.open(at: url)
    try CampSiteService(database: database).addSite(
      number: 5, hasElectricity: true, hasWater: false, nightlyRateCents: 1_200,
      by: TestRanger.proof(in: database))
    let reopened = CampSiteService(database: try CampgroundDatabase.open(at: url))

    XCTAssertTrue(FileManager.default.fileExists(atPath: url.path))
    XCTAssertEqual(try reopened.site(number: 5)?.nightlyRateCents, 1_200)
  }

  /// Password hashes and campers' phone numbers are the owner's alone: the database is created
  /// 600 (before SQLite writes a byte) and every folder made for it 700, whatever the umask.
  func testANewDatabaseIsPrivateToItsOwner() throws {
    let url = folder.appendingPathComponent("data/campground/campground.sqlite")

    let database = try CampgroundDatabase.open(at: url)
    try CamperService(database: database).addCamper(fullName: "Ada", phoneNumber: "555-0100")

    XCTAssertEqual(try mode(url), 0o600)
    XCTAssertEqual(try mode(url.deletingLastPathComponent()), 0o700)
    XCTAssertEqual(try mode(folder.appendingPathComponent("data")), 0o700)
    XCTAssertEqual(database.permissionChanges, [], "nothing was loose: nothing to say")
  }

  /// A database made before the rule (644 in a 755 folder) is made private when opened, and the
  /// changes are listed for the program to say once: the next open finds nothing to change.
  func testLooseFilesAreMadePrivateWhenOpenedAndSaidOnce() throws {
    let campground = folder.appendingPathComponent("campground")
    let url = campground.appendingPathComponent("campground.sqlite")
    _ = try CampgroundDatabase.open(at: url)
    let sharedMemory = URL(fileURLWithPath: url.path + "-shm")
    try Data().write(to: sharedMemory)
    try setMode(0o644, url)
    try setMode(0o644, sharedMemory)
    try setMode(0o755, campground)

    let opened = try CampgroundDatabase.open(at: url, ownsFolder: true)

    XCTAssertEqual(
      opened.permissionChanges,
      [
        PermissionChange(path: campground.path, oldMode: 0o755, newMode: 0o700),
        PermissionChange(path: url.path, oldMode: 0o644, newMode: 0o600),
        PermissionChange(path: sharedMemory.path, oldMode: 0o644, newMode: 0o600),
      ])
    XCTAssertEqual(
      opened.permissionChanges[1].description, "\(url.path) from 644 to 600")
    XCTAssertEqual(try mode(url), 0o600)
    XCTAssertEqual(try mode(sharedMemory), 0o600)
    XCTAssertEqual(try mode(campground), 0o700)
    XCTAssertEqual(try CampgroundDatabase.open(at: url, ownsFolder: true).permissionChanges, [])
  }

  /// A folder the user named (`--database ~/office/campground.sqlite`) is theirs: an existing
  /// one keeps its mode; the file in it is made private all the same. A mode is only ever
  /// narrowed: a file its owner made read-only stays so.
  func testAFolderTheUserNamedKeepsItsModeAndNoModeIsWidened() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try setMode(0o755, folder)
    let url = folder.appendingPathComponent("office.sqlite")
    _ = try CampgroundDatabase.open(at: url)
    try setMode(0o644, url)

    let opened = try CampgroundDatabase.open(at: url)

    XCTAssertEqual(
      opened.permissionChanges, [PermissionChange(path: url.path, oldMode: 0o644, newMode: 0o600)])
    XCTAssertEqual(try mode(folder), 0o755)
    try setMode(0o444, url)
    XCTAssertEqual(
      try PrivateFiles.prepare(databaseAt: url, ownsFolder: false),
      [PermissionChange(path: url.path, oldMode: 0o444, newMode: 0o400)])
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
      try CamperService(database: readOnly).addCamper(fullName: "Ada", phoneNumber: "1")
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

    try sites.addSite(
      number: 1, hasElectricity: false, hasWater: false, nightlyRateCents: 1, by: ranger)
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

  /// A database written before the guideline's status names still reads its reservations; what
  /// was paid opens the payments ledger, ids are never given twice, and the reservations are
  /// now kept when their camper or site would be deleted.
  func testOpeningAnOlderDatabaseRenamesConfirmedToReservedAndKeepsItsMoney() throws {
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
            '2025-06-03 00:00:00.000', 2, 'Confirmed', 3000, 1000, NULL);
          UPDATE sqlite_sequence SET seq = 7 WHERE name = 'reservation';
          """)
    }

    let database = try CampgroundDatabase.open(at: url)
    let reservations = ReservationService(database: database, clock: TestDatabase.clock)

    XCTAssertEqual(try reservations.reservation(id: 1)?.status, .reserved)
    XCTAssertEqual(try reservations.reservations(forCamper: 1).count, 1)
    // The column no reservation ever filled is gone; a stored one reads as before.
    let columns = try DatabaseQueue(path: url.path).read { db in
      try db.columns(in: "reservation").map(\.name)
    }
    XCTAssertFalse(columns.contains("reasonInvalid"), "\(columns)")
    XCTAssertTrue(columns.contains("amountPaidCents"), "\(columns)")
    let opening = try XCTUnwrap(reservations.payments(forReservation: 1).first)
    XCTAssertEqual(opening.kind, .correction)
    XCTAssertEqual(opening.amountCents, 1_000)
    XCTAssertEqual(opening.rangerEmail, "")
    XCTAssertEqual(opening.note, Payment.openingNote)
    XCTAssertEqual(try reservations.reservation(id: 1)?.amountPaidCents, 1_000)
    // Reservations 2 to 7 were deleted once: their ids stay unused.
    let next = try reservations.reserve(
      siteNumber: 3, camperId: 1, from: TestDatabase.day(2025, 7, 1), nights: 1)
    XCTAssertEqual(next.reservation.id, 8)
    XCTAssertThrowsError(
      try database.write { db in try db.execute(sql: "DELETE FROM campSite WHERE siteNumber = 3") })
    XCTAssertThrowsError(
      try database.write { db in try db.execute(sql: "DELETE FROM camper WHERE id = 1") })
    XCTAssertEqual(try reservations.reservations(forCamper: 1).count, 2)
  }

  /// The one session of a version 4 database keeps its ranger signed in once sessions are kept
  /// one per token; a row from before tokens signs nobody in, and is not kept.
  func testOpeningAVersion4DatabaseKeepsItsSignedInRanger() throws {
    let url = folder.appendingPathComponent("v4.sqlite")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let token = String(repeating: "ab", count: 32)
    try DatabaseQueue(path: url.path).write { db in
      try db.execute(
        sql: """
          CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
          INSERT INTO grdb_migrations VALUES ('v1'), ('v2: guideline statuses, ranger session'),
            ('v3: ranger accounts; no reason column for invalid stays'),
            ('v4: sessions proven by a token kept outside the database');
          CREATE TABLE camper (id INTEGER PRIMARY KEY AUTOINCREMENT, fullName TEXT NOT NULL,
            phoneNumber TEXT NOT NULL);
          CREATE TABLE campSite (siteNumber INTEGER PRIMARY KEY, hasElectricity BOOLEAN NOT NULL,
            hasWater BOOLEAN NOT NULL, nightlyRateCents INTEGER NOT NULL);
          CREATE TABLE reservation (id INTEGER PRIMARY KEY AUTOINCREMENT,
            camperId INTEGER NOT NULL REFERENCES camper(id) ON DELETE CASCADE,
            siteNumber INTEGER NOT NULL REFERENCES campSite(siteNumber) ON DELETE CASCADE,
            startDate DATETIME NOT NULL, endDate DATETIME NOT NULL, nights INTEGER NOT NULL,
            status TEXT NOT NULL, amountDueCents INTEGER NOT NULL,
            amountPaidCents INTEGER NOT NULL);
          CREATE TABLE rangerSession (id INTEGER PRIMARY KEY CHECK (id = 1),
            email TEXT NOT NULL, expiresAt DATETIME NOT NULL, tokenHash TEXT NOT NULL DEFAULT '');
          CREATE TABLE rangerAccount (email TEXT PRIMARY KEY, salt BLOB NOT NULL,
            passwordHash BLOB NOT NULL, rounds INTEGER NOT NULL);
          """)
      try db.execute(
        sql: "INSERT INTO rangerSession (id, email, expiresAt, tokenHash) VALUES (1, ?, ?, ?)",
        arguments: [
          "ranger@camp.test", Date(timeIntervalSince1970: 1_750_000_000),
          SessionService.hash(token),
        ])
    }

    let sessions = SessionService(database: try CampgroundDatabase.open(at: url))

    XCTAssertEqual(
      try sessions.current(token: token, now: Date(timeIntervalSince1970: 1_749_999_000))?.email,
      "ranger@camp.test")
  }
}
