import Foundation
import GRDB

extension Notification.Name {
  /// Posted by a `CampgroundDatabase`, as the object, after each committed write.
  public static let campgroundDatabaseDidSave = Notification.Name("CampgroundDatabaseDidSave")
}

/// The campground's SQLite store: one method per transaction, schema kept by a private migrator.
///
/// The app opens a file with `open(at:)`; tests pass a fresh in-memory `DatabaseQueue()`.
public final class CampgroundDatabase: Sendable {
  private let dbWriter: any DatabaseWriter
  private let notificationCenter: NotificationCenter
  /// The files and folder `open(at:ownsFolder:)` made private because others could use them;
  /// empty when all was private already (so a program says it once, the first time).
  public let permissionChanges: [PermissionChange]

  /// Wraps `dbWriter`, migrating its schema; saves are announced on `notificationCenter`.
  public convenience init(
    _ dbWriter: any DatabaseWriter, notificationCenter: NotificationCenter = .default
  ) throws {
    try self.init(dbWriter, notificationCenter: notificationCenter, permissionChanges: [])
  }

  private init(
    _ dbWriter: any DatabaseWriter, notificationCenter: NotificationCenter,
    permissionChanges: [PermissionChange]
  ) throws {
    self.dbWriter = dbWriter
    self.notificationCenter = notificationCenter
    self.permissionChanges = permissionChanges
    do {
      try Self.migrator.migrate(dbWriter)
    } catch {
      throw CampgroundError.cannotOpenDatabase(path: dbWriter.path, reason: "\(error)")
    }
  }

  /// How long a write waits for another process's transaction before giving up, in seconds.
  public static let busyTimeout: TimeInterval = 5

  /// Opens (creating if needed) the database file at `url`, and its folder, private to this
  /// user (`PrivateFiles`): the file 600, folders created for it 700, and an existing folder
  /// tightened to 700 too when it is the campground's own (`ownsFolder`: the default place, not
  /// a folder the user named). What was tightened is in `permissionChanges`.
  ///
  /// Two terminals can use one file: a write waits up to `busyTimeout` for the other's.
  public static func open(at url: URL, ownsFolder: Bool = false) throws -> CampgroundDatabase {
    let path = url.path
    do {
      let changes = try PrivateFiles.prepare(databaseAt: url, ownsFolder: ownsFolder)
      var configuration = Configuration()
      configuration.busyMode = .timeout(busyTimeout)
      return try CampgroundDatabase(
        DatabaseQueue(path: path, configuration: configuration),
        notificationCenter: .default, permissionChanges: changes)
    } catch let error as CampgroundError {
      throw error
    } catch let error as DatabaseError {
      throw CampgroundError.cannotOpenDatabase(path: path, reason: error.message ?? "\(error)")
    } catch {
      throw CampgroundError.cannotOpenDatabase(path: path, reason: error.localizedDescription)
    }
  }

  private static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
      try db.create(table: Camper.databaseTableName) { table in
        table.autoIncrementedPrimaryKey("id")
        table.column("fullName", .text).notNull()
        table.column("phoneNumber", .text).notNull()
      }
      try db.create(table: CampSite.databaseTableName) { table in
        table.primaryKey("siteNumber", .integer)
        table.column("hasElectricity", .boolean).notNull()
        table.column("hasWater", .boolean).notNull()
        table.column("nightlyRateCents", .integer).notNull()
      }
      try db.create(table: Reservation.databaseTableName) { table in
        table.autoIncrementedPrimaryKey("id")
        table.belongsTo(Camper.databaseTableName, onDelete: .cascade)
          .notNull()
        table.column("siteNumber", .integer).notNull().indexed()
          .references(CampSite.databaseTableName, onDelete: .cascade)
        table.column("startDate", .datetime).notNull()
        table.column("endDate", .datetime).notNull()
        table.column("nights", .integer).notNull()
        table.column("status", .text).notNull()
        table.column("amountDueCents", .integer).notNull()
        table.column("amountPaidCents", .integer).notNull()
        table.column("reasonInvalid", .text)
      }
    }
    migrator.registerMigration("v2: guideline statuses, ranger session") { db in
      try db.execute(sql: "UPDATE reservation SET status = 'Reserved' WHERE status = 'Confirmed'")
      try db.create(table: RangerSession.databaseTableName) { table in
        table.primaryKey("id", .integer).check { $0 == 1 }
        table.column("email", .text).notNull()
        table.column("expiresAt", .datetime).notNull()
      }
    }
    migrator.registerMigration("v3: ranger accounts; no reason column for invalid stays") { db in
      // Invalid reservations are returned, never stored: the column was never written.
      try db.alter(table: Reservation.databaseTableName) { table in
        table.drop(column: "reasonInvalid")
      }
      try db.create(table: RangerAccount.databaseTableName) { table in
        table.primaryKey("email", .text)
        table.column("salt", .blob).notNull()
        table.column("passwordHash", .blob).notNull()
        table.column("rounds", .integer).notNull()
      }
    }
    migrator.registerMigration("v4: sessions proven by a token kept outside the database") { db in
      // A session from before holds no token hash: it signs nobody in.
      try db.alter(table: RangerSession.databaseTableName) { table in
        table.add(column: "tokenHash", .text).notNull().defaults(to: "")
      }
    }
    migrator.registerMigration("v5: one session per token, several rangers signed in at once") {
      db in
      // The one session of before keeps its ranger signed in; one without a token signs nobody
      // in, so it is not kept.
      try db.execute(
        sql: """
          CREATE TABLE rangerSessionByToken (
            tokenHash TEXT NOT NULL PRIMARY KEY,
            email TEXT NOT NULL,
            expiresAt DATETIME NOT NULL);
          INSERT INTO rangerSessionByToken (tokenHash, email, expiresAt)
            SELECT tokenHash, email, expiresAt FROM rangerSession WHERE tokenHash <> '';
          DROP TABLE rangerSession;
          ALTER TABLE rangerSessionByToken RENAME TO rangerSession;
          CREATE INDEX rangerSession_on_email ON rangerSession(email);
          """)
    }
    migrator.registerMigration("v6: reservations kept, a payments ledger") { db in
      try Self.keepReservations(db)
      try Self.createPaymentsLedger(db)
    }
    migrator.registerMigration("v7: failed sign-ins counted") { db in
      try db.execute(
        sql: """
          CREATE TABLE signInFailure (
            subject TEXT NOT NULL PRIMARY KEY,
            failures INTEGER NOT NULL,
            lastFailureAt DATETIME NOT NULL);
          """)
    }
    return migrator
  }

  /// Rebuilds the reservation table with its camper and site references `ON DELETE RESTRICT`
  /// instead of v1's `CASCADE`: deleting a camper or a site deleted their reservations, and with
  /// them what was paid. SQLite cannot change a foreign key in place, so the table is copied
  /// into a new one, as SQLite's manual describes (the migrator turns foreign keys off while a
  /// migration runs and checks them all after it). Ids stay, and so does the AUTOINCREMENT
  /// counter: an id once used is never given again. The services refuse such a delete first,
  /// with the reservations named; the schema refuses it for anything else that tries.
  private static func keepReservations(_ db: Database) throws {
    let lastId = try Int64.fetchOne(
      db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'reservation'")
    try db.execute(
      sql: """
        CREATE TABLE reservationKept (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          camperId INTEGER NOT NULL REFERENCES camper(id) ON DELETE RESTRICT,
          siteNumber INTEGER NOT NULL REFERENCES campSite(siteNumber) ON DELETE RESTRICT,
          startDate DATETIME NOT NULL,
          endDate DATETIME NOT NULL,
          nights INTEGER NOT NULL,
          status TEXT NOT NULL,
          amountDueCents INTEGER NOT NULL,
          amountPaidCents INTEGER NOT NULL);
        INSERT INTO reservationKept (id, camperId, siteNumber, startDate, endDate, nights, status,
            amountDueCents, amountPaidCents)
          SELECT id, camperId, siteNumber, startDate, endDate, nights, status, amountDueCents,
            amountPaidCents
          FROM reservation;
        DROP TABLE reservation;
        ALTER TABLE reservationKept RENAME TO reservation;
        CREATE INDEX reservation_on_camperId ON reservation(camperId);
        CREATE INDEX reservation_on_siteNumber ON reservation(siteNumber);
        """)
    if let lastId {
      try db.execute(sql: "DELETE FROM sqlite_sequence WHERE name = 'reservation'")
      try db.execute(
        sql: "INSERT INTO sqlite_sequence (name, seq) VALUES ('reservation', ?)",
        arguments: [lastId])
    }
  }

  /// The payments ledger (`Payment`): rows are only added (triggers refuse a change or a
  /// delete), each names its ranger and its time, and a reservation's paid amount is their sum.
  /// What reservations were paid before the ledger opens it: one correction each, "paid before
  /// the ledger was kept", naming no ranger.
  private static func createPaymentsLedger(_ db: Database) throws {
    try db.execute(
      sql: """
        CREATE TABLE payment (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          reservationId INTEGER NOT NULL REFERENCES reservation(id) ON DELETE RESTRICT,
          kind TEXT NOT NULL CHECK (kind IN ('payment', 'refund', 'correction')),
          amountCents INTEGER NOT NULL,
          rangerEmail TEXT NOT NULL,
          recordedAt DATETIME NOT NULL,
          correctsPaymentId INTEGER REFERENCES payment(id) ON DELETE RESTRICT,
          note TEXT NOT NULL DEFAULT '');
        CREATE INDEX payment_on_reservationId ON payment(reservationId);
        CREATE UNIQUE INDEX payment_on_correctsPaymentId ON payment(correctsPaymentId);
        CREATE TRIGGER payment_is_never_changed BEFORE UPDATE ON payment
          BEGIN SELECT RAISE(ABORT, 'the payments ledger is only added to'); END;
        CREATE TRIGGER payment_is_never_deleted BEFORE DELETE ON payment
          BEGIN SELECT RAISE(ABORT, 'the payments ledger is only added to'); END;
        """)
    try db.execute(
      sql: """
        INSERT INTO payment (reservationId, kind, amountCents, rangerEmail, recordedAt, note)
          SELECT id, 'correction', amountPaidCents, '', ?, ?
          FROM reservation WHERE amountPaidCents <> 0 ORDER BY id
        """, arguments: [Date(), Payment.openingNote])
  }

  /// Runs `updates` in one transaction, maps database errors, and announces the save.
  func write<T>(_ updates: (Database) throws -> T) throws -> T {
    let value = try mappingErrors { try dbWriter.write(updates) }
    notificationCenter.post(name: .campgroundDatabaseDidSave, object: self)
    return value
  }

  /// Runs `value` in a read-only access, mapping database errors.
  func read<T>(_ value: (Database) throws -> T) throws -> T {
    try mappingErrors { try dbWriter.read(value) }
  }

  private func mappingErrors<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as CampgroundError {
      throw error
    } catch let error as DatabaseError {
      throw CampgroundError.database(error.message ?? "\(error.resultCode)")
    }
  }
}
