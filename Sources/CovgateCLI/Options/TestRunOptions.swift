import ArgumentParser

/// Options of the commands that run `swift test` (`run`, `baseline save`).
struct TestRunOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Stop `swift test` (build included) and every process it started after this many seconds; the coverage of the tests that finished is still reported, and the exit code is 3.",
      valueName: "seconds"))
  var timeout: Int?

  func validate() throws {
    if let timeout, timeout < 1 {
      throw ValidationError("--timeout takes a whole number of seconds, at least 1, got \(timeout)")
    }
  }

  /// The time limit in seconds, if there is one.
  var limit: Double? { timeout.map(Double.init) }
}
