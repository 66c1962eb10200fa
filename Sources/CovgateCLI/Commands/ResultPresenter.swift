import ArgumentParser
import CoverageReports
import CovgateKit

/// Shows a finished run: the text report on standard output (unless `--quiet`), GitHub's
/// annotations and job summary, and where the reports went.
struct ResultPresenter {
  let terminal: Terminal
  let quiet: Bool
  /// The title and revision the job summary shows.
  var heading = ReportHeading()
  var gitHub = GitHubActions()

  /// Shows `result` and gives the run's exit code.
  func present(_ result: consuming PipelineResult) -> ExitCode {
    let report = result.report
    if !quiet {
      print(TextReport(useColor: terminal.useColor).text(report), terminator: "")
    } else if let label = report.tests?.label {
      // Quiet hides the report, never that the tests did not pass.
      terminal.printError(
        "covgate: \(report.packageName): \(label), gate \(report.gate.passed ? "PASSED" : "FAILED")"
      )
    }
    for annotation in gitHub.annotations(report) { print(annotation) }
    do {
      try gitHub.appendStepSummary(report, heading: heading)
    } catch {
      terminal.printError("covgate: warning: job summary not written: \(error)")
    }
    if !result.files.isEmpty {
      terminal.printError("covgate: reports written to \(result.folder) (\(terminal.finished()))")
    }
    return ExitCode(result.outcome)
  }
}
