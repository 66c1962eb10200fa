import ArgumentParser
import CovgateKit

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
      "Build the tests once, then run each test (XCTest and Swift Testing) in a process of its own: a crash loses only its own coverage; --timeout applies per test (default: 10 times the test's last time, at least 60 s; 600 s for a test never timed); after --, --filter and --skip pick tests."
  )
  var perTest = false

  @Option(
    help: ArgumentHelp(
      "With --per-test, how many tests run at once (default: the number of cores).", valueName: "n")
  )
  var jobs: Int?

  @Flag(
    name: .customLong("fresh-processes"),
    help:
      "With --per-test, start each test's process from scratch instead of forking it from a loaded test binary (slower, the same results; Linux forks by default)."
  )
  var freshProcesses = false

  @Option(
    help: ArgumentHelp(
      "With --per-test, run only the K-th of N parts of the tests, split by the durations of the last test map in the output folder (by count without one) so that the parts finish together.",
      valueName: "K/N"))
  var shard: String?

  @Option(
    name: .customLong("built-tests"),
    help: ArgumentHelp(
      "With --per-test, run the test binaries already built with coverage in this folder (e.g. .build/debug) without building or running `swift` (what the SwiftPM plugin does).",
      valueName: "folder"))
  var builtTests: String?

  @Option(
    name: .customLong("repeat"),
    help: ArgumentHelp(
      "Run the tests this many times: the figures are the runs' merged, and the lines and functions that ran in some runs and not in others are listed in every report.",
      valueName: "n"))
  var repeats: Int = 1

  func validate() throws {
    if let timeout, timeout < 1 {
      throw ValidationError("--timeout takes a whole number of seconds, at least 1, got \(timeout)")
    }
    if let jobs, jobs < 1 {
      throw ValidationError("--jobs takes a whole number, at least 1, got \(jobs)")
    }
    if jobs != nil || shard != nil || freshProcesses || builtTests != nil, !perTest {
      throw ValidationError("--jobs, --shard, --fresh-processes and --built-tests need --per-test")
    }
    if repeats < 1 {
      throw ValidationError("--repeat takes a whole number, at least 1, got \(repeats)")
    }
    if let shard, !PerTestRequest.isShard(shard) {
      throw ValidationError("--shard takes K/N with 1 <= K <= N, e.g. 2/3; got '\(shard)'")
    }
  }

  /// What `--per-test` asks for, when it was given.
  var perTestRequest: PerTestRequest? {
    guard perTest else { return nil }
    return PerTestRequest(
      jobs: jobs, shard: shard, freshProcesses: freshProcesses, builtTests: builtTests)
  }

  /// The time limit in seconds, if there is one.
  var limit: Double? { timeout.map(Double.init) }
}
