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

extension SampleReport {
  /// `withLines` with derived branches in its first file: an `if` on line 2 taken one way, a
  /// `switch` on line 3 taken every way, and a `&&` on the last line never reached.
  static let withBranches: CoverageReport = {
    var report = SampleReport.withLines
    let last = report.files[0].summary.lines.count + 1
    let branches = DerivedBranches(
      decisions: [
        Decision(
          kind: .if, location: SourceLocation(line: 2, column: 5), reached: 3,
          outcomes: [
            Outcome(label: "then", line: 2, count: 3), Outcome(label: "none", line: 2, count: 0),
          ]),
        Decision(
          kind: .switch, location: SourceLocation(line: 3, column: 5), reached: 2,
          outcomes: [
            Outcome(label: "case .a", line: 4, count: 1),
            Outcome(label: "default", line: 5, count: 1),
          ]),
        Decision(
          kind: .and, location: SourceLocation(line: last, column: 9), reached: 0,
          outcomes: [
            Outcome(label: "right", line: last, count: 0),
            Outcome(label: "short", line: last, count: 0),
          ]),
      ],
      notDerivable: [
        NotDerivable(
          kind: .while, location: SourceLocation(line: 4, column: 7), reason: "a break")
      ])
    report.files[0].coverage.branches = branches
    report.files[0].coverage.summary.branches = branches.metric
    report.totals.branches = branches.metric
    return report
  }()
}
