import ArgumentParser
import CovgateKit

/// `covgate run`: build and run the tests with coverage, then evaluate and report.
struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Run `swift test` with coverage, then gate and report (the default).")

  @OptionGroup var options: CommonOptions

  @OptionGroup var testRun: TestRunOptions

  @Argument(
    parsing: .postTerminator,
    help: "Arguments after -- go to `swift test` (e.g. --filter, --parallel).")
  var swiftTestArguments: [String] = []

  func run() throws {
    let terminal = Terminal()
    try reportingErrors(terminal) {
      let pipeline = try options.pipeline(source: .tests(
          arguments: swiftTestArguments, timeout: testRun.limit, perTest: testRun.perTestSettings,
          repeat: testRun.repeats), observer: terminal)
      return ResultPresenter(terminal: terminal, quiet: options.quiet, heading: options.heading).present(try pipeline.run())
    }
  }
}
