import CoverageReports

/// What `run`, `check` and `baseline save` show of a finished run, for the CLI to print: the
/// text report, GitHub's annotations, the notes on standard error and where the reports went.
public struct RunPresentation: Sendable {
  /// For standard output: the text report (unless quiet), then GitHub's annotations, a line
  /// each.
  public var output: String
  /// For standard error, in order: that the tests did not pass (a quiet run), a job summary
  /// that could not be written.
  public var notes: [String]
  /// The folder the reports were written to; nil when none was.
  public var reportsFolder: String?
  public var outcome: RunOutcome
}

extension Pipeline {
  /// `result` as the CLI shows it, colored when `useColor`, the text report left out when
  /// `quiet` (never that the tests did not pass); the job summary, with the run's heading, is
  /// appended to GitHub's step summary file here when there is one.
  public func presentation(
    of result: consuming PipelineResult, useColor: Bool, quiet: Bool,
    gitHub: GitHubActions = GitHubActions()
  ) -> RunPresentation {
    let report = result.report
    var output = ""
    var notes: [String] = []
    if !quiet {
      output = TextReport(useColor: useColor).text(report)
    } else if let label = report.tests?.label {
      notes.append(
        "covgate: \(report.packageName): \(label), gate \(report.gate.passed ? "PASSED" : "FAILED")"
      )
    }
    for annotation in gitHub.annotations(report) { output += annotation + "\n" }
    do {
      try gitHub.appendStepSummary(report, heading: settings.heading)
    } catch {
      notes.append("covgate: warning: job summary not written: \(error)")
    }
    return RunPresentation(
      output: output, notes: notes, reportsFolder: result.files.isEmpty ? nil : result.folder,
      outcome: result.outcome)
  }
}
