import Foundation
import GRDB

/// The run history: an SQLite database that each covgate run appends to, one transaction per
/// run, with the schema kept by a private migrator.
///
/// covgate opens a file with `open(path:)` (WAL, busy timeout, so concurrent runs lose
/// nothing); tests pass a fresh in-memory `DatabaseQueue()`.
public struct HistoryDatabase: Sendable {
  /// How long a run waits for another run's transaction on the same file before failing.
  public static let busyTimeout: TimeInterval = 10

  private let dbWriter: any DatabaseWriter

  /// Wraps `dbWriter`, creating or migrating the schema.
  public init(_ dbWriter: any DatabaseWriter) throws {
    self.dbWriter = dbWriter
    try Self.mappingErrors(path: dbWriter.path) { try Self.migrate(dbWriter) }
  }

  /// Opens (creating it and its folder if needed) the history file at `path`.
  ///
  /// Throws `HistoryError.damaged` when the file is not an SQLite database or is corrupt.
  public static func open(path: String) throws -> HistoryDatabase {
    let folder = (path as NSString).deletingLastPathComponent
    do {
      // Foundation's createDirectory reads the user and group databases even when the folder
      // exists: asked only when it does not.
      var status = stat()
      if stat(folder, &status) != 0 {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      }
    } catch {
      throw HistoryError.cannotOpen(path: path, reason: "cannot create \(folder)")
    }
    var configuration = Configuration()
    configuration.journalMode = .wal
    configuration.busyMode = .timeout(busyTimeout)
    // In WAL mode NORMAL never corrupts the file; a power cut may lose the latest run. A run
    // then costs no fsync of its own (about 5 ms each on CI disks).
    configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
    let queue = try mappingErrors(path: path) { try openQueue(path: path, configuration) }
    return try HistoryDatabase(queue)
  }

  /// Opens the file, retrying while other processes open it too: when a new file is switched
  /// to WAL, SQLite answers `PRAGMA journal_mode = WAL` with SQLITE_BUSY at once, without
  /// calling the busy handler, so the busy timeout is applied here by hand.
  private static func openQueue(path: String, _ configuration: Configuration) throws
    -> DatabaseQueue
  {
    let deadline = Date().addingTimeInterval(busyTimeout)
    while true {
      do {
        return try DatabaseQueue(path: path, configuration: configuration)
      } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && Date() < deadline
      {
        Thread.sleep(forTimeInterval: 0.005 + Double.random(in: 0..<0.02))
      }
    }
  }

  /// Appends `run` with its layers and targets, in one transaction.
  public func record(_ run: RecordedRun) throws {
    try Self.mappingErrors(path: dbWriter.path) {
      try dbWriter.writeWithoutTransaction { db in
        // Immediate: take the write lock first, so a concurrent run waits instead of failing.
        try db.inTransaction(.immediate) {
          var record = RunRecord(run)
          try record.insert(db)
          let id = db.lastInsertedRowID
          for (position, layer) in run.layers.enumerated() {
            try LayerRecord(runId: id, position: position, layer: layer).insert(db)
          }
          for (position, target) in run.targets.enumerated() {
            try TargetRecord(runId: id, position: position, target: target).insert(db)
          }
          return .commit
        }
      }
    }
  }

  /// The latest `limit` runs, oldest first (by date, then by recording order).
  public func recentRuns(limit: Int) throws -> [RecordedRun] {
    try Self.mappingErrors(path: dbWriter.path) {
      try dbWriter.read { db in
        let runs =
          try RunRecord
          .order(RunRecord.Columns.date.desc, RunRecord.Columns.id.desc)
          .limit(max(0, limit))
          .fetchAll(db)
          .reversed()
        let ids = runs.compactMap(\.id)
        let layers = Dictionary(
          grouping: try LayerRecord.filter(ids.contains(LayerRecord.Columns.runId))
            .order(LayerRecord.Columns.runId, LayerRecord.Columns.position).fetchAll(db),
          by: \.runId)
        let targets = Dictionary(
          grouping: try TargetRecord.filter(ids.contains(TargetRecord.Columns.runId))
            .order(TargetRecord.Columns.runId, TargetRecord.Columns.position).fetchAll(db),
          by: \.runId)
        return runs.map { run in
          RecordedRun(
            date: run.date, commit: run.commit, branch: run.branch, passed: run.passed,
            totals: run.totals, layers: layers[run.id ?? 0, default: []].map(\.layer),
            targets: targets[run.id ?? 0, default: []].map(\.target))
        }
      }
    }
  }

  /// Migrates, once more when the first attempt lost a race: another process may apply the
  /// same migration between the migrator's check and its transaction; the second attempt then
  /// finds it applied (or fails for a real reason).
  private static func migrate(_ dbWriter: any DatabaseWriter) throws {
    do {
      try migrator.migrate(dbWriter)
    } catch let error as DatabaseError where !isDamage(error) {
      try migrator.migrate(dbWriter)
    }
  }

  private static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
      try db.create(table: RunRecord.databaseTableName) { table in
        table.autoIncrementedPrimaryKey("id")
        table.column("date", .datetime).notNull().indexed()
        table.column("commitHash", .text).notNull()
        table.column("branch", .text).notNull()
        table.column("passed", .boolean).notNull()
        RecordedRun.Figures.addColumns(to: table)
      }
      try db.create(table: LayerRecord.databaseTableName) { table in
        table.column("runId", .integer).notNull()
          .references(RunRecord.databaseTableName, onDelete: .cascade)
        table.column("position", .integer).notNull()
        table.column("name", .text).notNull()
        table.column("gated", .boolean).notNull()
        RecordedRun.Figures.addColumns(to: table)
        table.primaryKey(["runId", "position"])
      }
      try db.create(table: TargetRecord.databaseTableName) { table in
        table.column("runId", .integer).notNull()
          .references(RunRecord.databaseTableName, onDelete: .cascade)
        table.column("position", .integer).notNull()
        table.column("layer", .text).notNull()
        table.column("name", .text).notNull()
        RecordedRun.Figures.addColumns(to: table)
        table.primaryKey(["runId", "position"])
      }
    }
    return migrator
  }

  /// Runs `body`, turning database errors into `HistoryError`s about the file at `path`.
  private static func mappingErrors<T>(path: String, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as HistoryError {
      throw error
    } catch let error as DatabaseError {
      let reason = error.message ?? "SQLite error \(error.resultCode.rawValue)"
      if isDamage(error) { throw HistoryError.damaged(path: path, reason: reason) }
      if error.resultCode == .SQLITE_CANTOPEN || error.resultCode == .SQLITE_PERM
        || error.resultCode == .SQLITE_READONLY
      {
        throw HistoryError.cannotOpen(path: path, reason: reason)
      }
      throw HistoryError.database(path: path, reason: reason)
    }
  }

  /// Whether SQLite says the file is not a database or its content is corrupt.
  private static func isDamage(_ error: DatabaseError) -> Bool {
    error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT
  }
}
