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

  /// Wraps `dbWriter`, migrating its schema; saves are announced on `notificationCenter`.
  public init(_ dbWriter: any DatabaseWriter, notificationCenter: NotificationCenter = .default)
    throws
  {
    self.dbWriter = dbWriter
    self.notificationCenter = notificationCenter
    do {
      try Self.migrator.migrate(dbWriter)
    } catch {
      throw CampgroundError.cannotOpenDatabase(path: dbWriter.path, reason: "\(error)")
    }
  }

  /// How long a write waits for another process's transaction before giving up, in seconds.
  public static let busyTimeout: TimeInterval = 5

  /// Opens (creating if needed) the database file at `url`, and its folder.
  ///
  /// Two terminals can use one file: a write waits up to `busyTimeout` for the other's.
  public static func open(at url: URL) throws -> CampgroundDatabase {
    let path = url.path
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      var configuration = Configuration()
      configuration.busyMode = .timeout(busyTimeout)
      return try CampgroundDatabase(DatabaseQueue(path: path, configuration: configuration))
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
    return migrator
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
