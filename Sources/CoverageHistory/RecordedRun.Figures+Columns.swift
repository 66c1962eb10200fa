import CoverageModel
import GRDB

/// How figures are stored: two integer columns (covered, count) per metric.
extension RecordedRun.Figures {
  /// Adds the figure columns to a table being created.
  static func addColumns(to table: TableDefinition) {
    for name in ["lines", "functions", "regions"] {
      table.column("\(name)Covered", .integer).notNull()
      table.column("\(name)Count", .integer).notNull()
    }
  }

  /// Reads the figure columns of `row`.
  init(row: Row) {
    self.init(
      lines: Metric(covered: row["linesCovered"], count: row["linesCount"]),
      functions: Metric(covered: row["functionsCovered"], count: row["functionsCount"]),
      regions: Metric(covered: row["regionsCovered"], count: row["regionsCount"]))
  }

  /// Writes the figure columns.
  func encode(to container: inout PersistenceContainer) {
    container["linesCovered"] = lines.covered
    container["linesCount"] = lines.count
    container["functionsCovered"] = functions.covered
    container["functionsCount"] = functions.count
    container["regionsCovered"] = regions.covered
    container["regionsCount"] = regions.count
  }
}
