import Foundation

extension HistoryTable {
  /// `covgate history`'s table of the latest `limit` runs recorded for the package at `root`,
  /// wherever its config (`configFile`) has them recorded.
  ///
  /// - Throws: `HistoryError.notFound` naming the database when no run was ever recorded.
  public static func trend(
    root: String, configFile: ConfigFile, limit: Int, timeZone: TimeZone = .current
  ) throws -> String {
    let history = try configFile.load(root: root).history
    let path = HistoryLocation.path(history, root: root) ?? history.resolvedPath(root: root)
    let runs = try HistoryStore.recentRuns(path: path, limit: limit)
    return HistoryTable(timeZone: timeZone).text(runs)
  }
}
