import CoverageHistory
import CoverageModel
import Foundation

/// Recorded runs for the history tests, with distinct figures per index.
enum SampleRuns {
  /// A run `index` minutes after a fixed instant, with two layers and three targets.
  static func run(_ index: Int, commit: String? = nil, passed: Bool = true) -> RecordedRun {
    let logic = RecordedRun.Figures(
      lines: Metric(covered: 600 + index, count: 1_000), functions: Metric(covered: 70, count: 100),
      regions: Metric(covered: 50 + index % 7, count: 90))
    let glue = RecordedRun.Figures(
      lines: Metric(covered: 10, count: 400), functions: Metric(covered: 2, count: 40),
      regions: .zero)
    return RecordedRun(
      date: Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 60),
      commit: commit ?? String(repeating: String(index % 10), count: 40),
      branch: index.isMultiple(of: 2) ? "main" : "feature/x", passed: passed,
      totals: RecordedRun.Figures(
        lines: logic.lines + glue.lines, functions: logic.functions + glue.functions,
        regions: logic.regions + glue.regions),
      layers: [
        RecordedRun.Layer(name: "logic", gated: true, figures: logic),
        RecordedRun.Layer(name: "ui-glue", gated: false, figures: glue),
      ],
      targets: [
        RecordedRun.Target(layer: "logic", name: "Core", figures: logic),
        RecordedRun.Target(layer: "ui-glue", name: "AppUI", figures: glue),
        RecordedRun.Target(layer: "ui-glue", name: "app", figures: RecordedRun.Figures()),
      ])
  }
}
