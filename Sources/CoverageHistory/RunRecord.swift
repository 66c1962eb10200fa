import Foundation
import GRDB

/// A row of the `run` table: one run with its verdict and total figures.
struct RunRecord: FetchableRecord, MutablePersistableRecord {
  static let databaseTableName = "run"

  enum Columns {
    static let id = Column("id")
    static let date = Column("date")
  }

  var id: Int64?
  var date: Date
  var commit: String
  var branch: String
  var passed: Bool
  var totals: RecordedRun.Figures

  init(_ run: RecordedRun) {
    date = run.date
    commit = run.commit
    branch = run.branch
    passed = run.passed
    totals = run.totals
  }

  init(row: Row) {
    id = row["id"]
    date = row["date"]
    commit = row["commitHash"]
    branch = row["branch"]
    passed = row["passed"]
    totals = RecordedRun.Figures(row: row)
  }

  func encode(to container: inout PersistenceContainer) {
    container["id"] = id
    container["date"] = date
    container["commitHash"] = commit
    container["branch"] = branch
    container["passed"] = passed
    totals.encode(to: &container)
  }

  mutating func didInsert(_ inserted: InsertionSuccess) {
    id = inserted.rowID
  }
}
