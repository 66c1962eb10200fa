import CoverageHistory
import GRDB
import XCTest

final class HistoryDatabaseTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("HistoryDatabaseTests-\(UUID().uuidString)")
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  func testARecordedRunReadsBackWithItsLayersAndTargets() throws {
    let database = try HistoryDatabase(DatabaseQueue())
    let run = SampleRuns.run(3, passed: false)

    try database.record(run)

    XCTAssertEqual(try database.recentRuns(limit: 10), [run])
  }

  func testRecentRunsAreTheLatestOldestFirst() throws {
    let database = try HistoryDatabase(DatabaseQueue())
    // Recorded out of order: the date decides, not the insertion order.
    for index in [2, 0, 4, 1, 3] { try database.record(SampleRuns.run(index)) }

    let runs = try database.recentRuns(limit: 3)

    XCTAssertEqual(runs.map(\.commit), [2, 3, 4].map { SampleRuns.run($0).commit })
    XCTAssertEqual(try database.recentRuns(limit: 0), [])
  }

  func testRunsOfTheSameInstantKeepTheirRecordingOrder() throws {
    let database = try HistoryDatabase(DatabaseQueue())
    try database.record(SampleRuns.run(1, commit: "first"))
    try database.record(SampleRuns.run(1, commit: "second"))

    XCTAssertEqual(try database.recentRuns(limit: 5).map(\.commit), ["first", "second"])
  }

  func testAnEmptyDatabaseHasNoRuns() throws {
    XCTAssertEqual(try HistoryDatabase(DatabaseQueue()).recentRuns(limit: 5), [])
  }

  func testTheMigrationCreatesTheTablesOnceAndCountsAreIntegers() throws {
    let queue = try DatabaseQueue()
    _ = try HistoryDatabase(queue)
    let again = try HistoryDatabase(queue)
    try again.record(SampleRuns.run(0))

    try queue.read { db in
      XCTAssertEqual(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"), ["v1"])
      for table in ["run", "runLayer", "runTarget"] {
        XCTAssertTrue(try db.tableExists(table), table)
      }
      let types = try String.fetchAll(
        db, sql: "SELECT DISTINCT typeof(linesCovered) || typeof(linesCount) FROM runLayer")
      XCTAssertEqual(types, ["integerinteger"])
      XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT count(*) FROM runTarget"), 3)
    }
  }

  func testAFileDatabaseIsCreatedWithItsFolderInWALModeAndKeepsRuns() throws {
    let path = folder.appendingPathComponent("nested/.covgate/history.sqlite").path
    try HistoryDatabase.open(path: path).record(SampleRuns.run(0))
    try HistoryDatabase.open(path: path).record(SampleRuns.run(1))

    XCTAssertEqual(try HistoryDatabase.open(path: path).recentRuns(limit: 10).count, 2)
    let mode = try DatabaseQueue(path: path).read { db in
      try String.fetchOne(db, sql: "PRAGMA journal_mode")
    }
    XCTAssertEqual(mode, "wal")
  }

  func testAFileThatIsNotADatabaseIsDamagedWithAOneLineFix() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("history.sqlite").path
    try Data(repeating: 0x41, count: 4_096).write(to: URL(fileURLWithPath: path))

    XCTAssertThrowsError(try HistoryDatabase.open(path: path)) { error in
      guard case .damaged(let damagedPath, let reason)? = error as? HistoryError else {
        return XCTFail("unexpected error \(error)")
      }
      XCTAssertEqual(damagedPath, path)
      XCTAssertFalse(reason.isEmpty)
      let description = String(describing: error)
      XCTAssertTrue(description.contains(path), description)
      XCTAssertTrue(description.contains("delete or move it"), description)
      XCTAssertFalse(description.contains("\n"), description)
    }
  }

  func testADatabaseWithCorruptPagesIsDamaged() throws {
    let path = folder.appendingPathComponent("history.sqlite").path
    let database = try HistoryDatabase.open(path: path)
    for index in 0..<50 { try database.record(SampleRuns.run(index)) }
    // Fold the write-ahead log into the file, then overwrite everything after its header.
    try DatabaseQueue(path: path).writeWithoutTransaction { db in
      try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
    }
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try handle.seek(toOffset: 100)
    handle.write(Data(repeating: 0xA5, count: 16_384))
    try handle.close()

    XCTAssertThrowsError(try HistoryDatabase.open(path: path).recentRuns(limit: 10)) { error in
      guard case .damaged(let damagedPath, _)? = error as? HistoryError else {
        return XCTFail("unexpected error \(error)")
      }
      XCTAssertEqual(damagedPath, path)
    }
  }

  func testAPathBelowAFileCannotBeOpened() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let blocker = folder.appendingPathComponent("plain-file")
    try Data("x".utf8).write(to: blocker)
    let path = blocker.appendingPathComponent("history.sqlite").path

    XCTAssertThrowsError(try HistoryDatabase.open(path: path)) { error in
      guard case .cannotOpen(let failedPath, _)? = error as? HistoryError else {
        return XCTFail("unexpected error \(error)")
      }
      XCTAssertEqual(failedPath, path)
    }
  }

  func testErrorDescriptionsNameTheFileOnOneLine() {
    let errors: [HistoryError] = [
      .damaged(path: "/p/h.sqlite", reason: "file is not a database"),
      .cannotOpen(path: "/p/h.sqlite", reason: "unable to open database file"),
      .notFound(path: "/p/h.sqlite"),
      .database(path: "/p/h.sqlite", reason: "database is locked"),
    ]
    for error in errors {
      XCTAssertTrue(error.description.contains("/p/h.sqlite"), error.description)
      XCTAssertFalse(error.description.contains("\n"), error.description)
    }
  }
}
