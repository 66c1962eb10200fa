import CovgateKit
import Foundation

/// Decisions about the terminal, made once at the edge: colour, progress lines, errors.
struct Terminal: PipelineObserving {
  /// Colour on standard output: a TTY, no `NO_COLOR`, not a dumb terminal.
  let useColor: Bool
  /// Whether a person is watching (a TTY and not CI); otherwise progress is plain lines.
  let isInteractive: Bool
  let start: Date

  init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
    let dumb = environment["TERM"] == "dumb"
    let ci = ["true", "1"].contains(environment["CI"]?.lowercased() ?? "")
    useColor = isatty(STDOUT_FILENO) == 1 && !noColor && !dumb
    isInteractive = isatty(STDERR_FILENO) == 1 && !ci && !dumb
    start = Date()
  }

  /// Announces a phase on standard error with the time elapsed so far.
  func phase(_ phase: Phase) {
    let elapsed = String(format: "%.2fs", Date().timeIntervalSince(start))
    let marker = isInteractive && useColor ? "\u{1B}[1m==>\u{1B}[0m" : "covgate:"
    printError("\(marker) \(phase.rawValue) (\(elapsed))")
  }

  /// A line from the pipeline (a warning or a note), as it is.
  func notice(_ message: String) {
    printError(message)
  }

  /// Prints a one-line error to standard error.
  func error(_ message: String) {
    printError("covgate: error: \(message)")
  }

  func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
}
