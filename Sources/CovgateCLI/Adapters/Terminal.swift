import CovgateKit
import Foundation

/// Decisions about the terminal, made once at the edge: colour, progress lines, errors.
struct Terminal: PipelineObserving {
  /// Colour on standard output: a TTY, no `NO_COLOR`, not a dumb terminal.
  let useColor: Bool
  /// Whether a person is watching (a TTY and not CI); otherwise progress is plain lines.
  let isInteractive: Bool
  let start: Date
  private let phases = PhaseTimes()

  init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
    let dumb = environment["TERM"] == "dumb"
    let ci = ["true", "1"].contains(environment["CI"]?.lowercased() ?? "")
    useColor = isatty(STDOUT_FILENO) == 1 && !noColor && !dumb
    isInteractive = isatty(STDERR_FILENO) == 1 && !ci && !dumb
    start = Date()
  }

  /// Announces a phase on standard error, with how long the phase before it took.
  func phase(_ phase: Phase) {
    let marker = isInteractive && useColor ? "\u{1B}[1m==>\u{1B}[0m" : "covgate:"
    let previous = phases.begin(phase.rawValue, at: Date()).map { " (\($0))" } ?? ""
    printError("\(marker) \(phase.rawValue)\(previous)")
  }

  /// How long the last phase and the whole run took, e.g. "report took 0.07s; 0.36s in all".
  func finished() -> String {
    let now = Date()
    let total = "\(Self.seconds(now.timeIntervalSince(start))) in all"
    return phases.end(at: now).map { "\($0); \(total)" } ?? total
  }

  static func seconds(_ interval: TimeInterval) -> String {
    String(format: "%.2fs", interval)
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

/// The phase under way and when it began, so each phase line can say how long the last one took.
final class PhaseTimes: @unchecked Sendable {
  private let lock = NSLock()
  private var current: (name: String, start: Date)?

  /// Starts `name`; the phase it ends as "after <seconds> of <phase>", if there was one
  /// ("evaluate (after 4.80s of build and test)" reads as what happens now, then what was done).
  func begin(_ name: String, at now: Date) -> String? {
    lock.withLock {
      defer { current = (name, now) }
      return current.map {
        "after \(Terminal.seconds(now.timeIntervalSince($0.start))) of \($0.name)"
      }
    }
  }

  /// Ends the phase under way: "<phase> took <seconds>", if there was one.
  func end(at now: Date) -> String? {
    lock.withLock {
      defer { current = nil }
      return current.map { "\($0.name) took \(Terminal.seconds(now.timeIntervalSince($0.start)))" }
    }
  }
}
