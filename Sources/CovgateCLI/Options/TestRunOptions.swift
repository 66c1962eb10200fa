import ArgumentParser
import CoverageAcquisition

/// Options of the commands that run `swift test` (`run`, `baseline save`).
struct TestRunOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Stop `swift test` (build included) and every process it started after this many seconds; the coverage of the tests that finished is still reported, and the exit code is 3.",
      valueName: "seconds"))
  var timeout: Int?

  @Flag(
    name: .customLong("per-test"),
    help:
      "Build the tests once, then run each test (XCTest and Swift Testing) in a process of its own: a crash loses only its own coverage; --timeout applies per test; after --, --filter and --skip pick tests.")
  var perTest = false

  @Option(help: ArgumentHelp("With --per-test, how many tests run at once (default: the number of cores).", valueName: "n"))
  var jobs: Int?

  func validate() throws {
    if let timeout, timeout < 1 {
      throw ValidationError("--timeout takes a whole number of seconds, at least 1, got \(timeout)")
    }
    if let jobs, jobs < 1 {
      throw ValidationError("--jobs takes a whole number, at least 1, got \(jobs)")
    }
    if jobs != nil, !perTest {
      throw ValidationError("--jobs needs --per-test")
    }
  }

  /// Per-test settings when `--per-test` was given.
  var perTestSettings: PerTestSettings? {
    guard perTest else { return nil }
    return jobs.map { PerTestSettings(jobs: $0) } ?? PerTestSettings()
  }

  /// The time limit in seconds, if there is one.
  var limit: Double? { timeout.map(Double.init) }
}
