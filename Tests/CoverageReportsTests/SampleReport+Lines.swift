import CoverageModel

extension SampleReport {
  /// The sample report with line views and functions that agree with its summaries, for the
  /// formats that list lines (Cobertura, SonarQube) and the tools that recount them.
  static let withLines: CoverageReport = {
    var report = SampleReport.report
    report.files = report.files.map { file in
      var file = file
      file.coverage.lineView = lineView(file.summary.lines)
      file.coverage.functions = [
        FunctionCoverage(
          name: "$s4Demo3runyyF", displayName: "run()", line: 2, column: 3,
          count: file.summary.lines.covered > 0 ? 1 : 0),
        FunctionCoverage(
          name: "$s4Demo4skipyySiF", displayName: "skip(_: Swift.Int) -> ()",
          line: file.summary.lines.count + 1, column: 3, count: 0),
      ]
      return file
    }
    return report
  }()

  /// Line 1 has no code; then `lines.covered` lines that ran (1 to 3 times) and
  /// `lines.missed` that never ran, so the view counts exactly what the summary says.
  static func lineView(_ lines: Metric) -> LineView {
    LineView(
      counts: [nil]
        + (0..<lines.count).map { index in index < lines.covered ? UInt64(index % 3 + 1) : 0 })
  }
}
