import GRDB

/// A row of the `runTarget` table: one target's figures in one run.
struct TargetRecord: FetchableRecord, PersistableRecord {
  static let databaseTableName = "runTarget"

  enum Columns {
    static let runId = Column("runId")
    static let position = Column("position")
  }

  var runId: Int64
  /// The target's place in the report, so targets read back in order.
  var position: Int
  var target: RecordedRun.Target

  init(runId: Int64, position: Int, target: RecordedRun.Target) {
    self.runId = runId
    self.position = position
    self.target = target
  }

  init(row: Row) {
    runId = row["runId"]
    position = row["position"]
    target = RecordedRun.Target(
      layer: row["layer"], name: row["name"], figures: RecordedRun.Figures(row: row))
  }

  func encode(to container: inout PersistenceContainer) {
    container["runId"] = runId
    container["position"] = position
    container["layer"] = target.layer
    container["name"] = target.name
    target.figures.encode(to: &container)
  }
}
