import CoverageModel
import Foundation

extension RecordedRun {
  /// The run an evaluated report describes, at `date`, of `commit` on `branch`.
  public init(report: CoverageReport, date: Date, commit: String, branch: String) {
    self.init(
      date: date, commit: commit, branch: branch,
      passed: report.gate.passed && (report.tests?.passed ?? true),
      totals: Figures(report.totals),
      layers: report.layers.map {
        Layer(name: $0.name, gated: $0.gated, figures: Figures($0.totals))
      },
      targets: report.layers.flatMap { layer in
        layer.targets.map { Target(layer: layer.name, name: $0.name, figures: Figures($0.totals)) }
      })
  }

  /// The point the trend chart draws for this run.
  public var historyPoint: HistoryPoint {
    HistoryPoint(
      date: date, commit: commit, passed: passed, lines: totals.lines,
      layerLines: Dictionary(
        layers.map { ($0.name, $0.figures.lines) }, uniquingKeysWith: { first, _ in first }))
  }
}
