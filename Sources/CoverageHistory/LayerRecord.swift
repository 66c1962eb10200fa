import GRDB

/// A row of the `runLayer` table: one layer's figures in one run.
struct LayerRecord: FetchableRecord, PersistableRecord {
  static let databaseTableName = "runLayer"

  enum Columns {
    static let runId = Column("runId")
    static let position = Column("position")
  }

  var runId: Int64
  /// The layer's place in the report, so layers read back in order.
  var position: Int
  var layer: RecordedRun.Layer

  init(runId: Int64, position: Int, layer: RecordedRun.Layer) {
    self.runId = runId
    self.position = position
    self.layer = layer
  }

  init(row: Row) {
    runId = row["runId"]
    position = row["position"]
    layer = RecordedRun.Layer(
      name: row["name"], gated: row["gated"], figures: RecordedRun.Figures(row: row))
  }

  func encode(to container: inout PersistenceContainer) {
    container["runId"] = runId
    container["position"] = position
    container["name"] = layer.name
    container["gated"] = layer.gated
    layer.figures.encode(to: &container)
  }
}
