import CoverageModel

/// The riskiest functions of gated layers as table rows, for the text and Markdown reports.
enum RiskiestFunctions {
  static let formula = "risk = complexity² × (1 − coverage)³ + complexity, coverage = regions run"

  /// A header row, then one row per function: risk, complexity, regions run, where and what.
  static func rows(_ report: CoverageReport) -> [[String]] {
    [["Risk", "Complexity", "Regions", "Function"]]
      + report.riskiestFunctions(limit: CoverageReport.riskListLength).map { file, risk in
        [
          risk.formattedScore, String(risk.complexity), risk.regions.formattedPercent,
          "\(file.path):\(risk.line) \(risk.displayName)",
        ]
      }
  }
}
