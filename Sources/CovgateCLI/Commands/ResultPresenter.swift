import ArgumentParser
import CovgateKit

/// Prints a finished run as the kit presents it: the text report and GitHub's annotations on
/// standard output, its notes and where the reports went on standard error.
struct ResultPresenter {
  let terminal: Terminal
  let quiet: Bool

  /// Shows `result` of `pipeline` and gives the run's exit code.
  func present(_ result: consuming PipelineResult, of pipeline: Pipeline) -> ExitCode {
    let shown = pipeline.presentation(of: result, useColor: terminal.useColor, quiet: quiet)
    print(shown.output, terminator: "")
    shown.notes.forEach(terminal.printError)
    if let folder = shown.reportsFolder {
      terminal.printError("covgate: reports written to \(folder) (\(terminal.finished()))")
    }
    return ExitCode(shown.outcome)
  }
}
