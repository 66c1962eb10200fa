import CoverageAcquisition
import CoverageHistory
import CoverageModel
import Foundation

/// The history database, recording runs as of `date` at `revision`.
public struct HistoryStore: HistoryStoring {
  let database: HistoryDatabase
  let date: Date
  let revision: SourceRevision

  /// Opens (or creates) the database at `path`; the revision is read from the CI's variables
  /// or git in `root`.
  public static func open(
    path: String, root: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws -> HistoryStore {
    let database = try HistoryDatabase.open(path: path)
    let revision = SourceRevision.resolve(
      root: root, environment: environment, runner: LiveCommandRunner())
    return HistoryStore(database: database, date: Date(), revision: revision)
  }

  /// The latest `limit` runs recorded in the database at `path`, oldest first (`covgate
  /// history`); a missing database is an error naming where runs are recorded, never an empty
  /// trend.
  public static func recentRuns(path: String, limit: Int) throws -> [RecordedRun] {
    guard FileManager.default.fileExists(atPath: path) else {
      throw HistoryError.notFound(path: path)
    }
    return try HistoryDatabase.open(path: path).recentRuns(limit: limit)
  }

  public func recentPoints(limit: Int) throws -> [HistoryPoint] {
    try database.recentRuns(limit: limit).map(\.historyPoint)
  }

  public func point(for report: CoverageReport) -> HistoryPoint {
    recorded(report).historyPoint
  }

  public func record(_ report: CoverageReport) throws {
    try database.record(recorded(report))
  }

  private func recorded(_ report: CoverageReport) -> RecordedRun {
    RecordedRun(report: report, date: date, commit: revision.commit, branch: revision.branch)
  }
}
