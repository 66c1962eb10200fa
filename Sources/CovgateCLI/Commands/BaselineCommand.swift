import ArgumentParser
import CovgateKit

/// `covgate baseline`: manage the committed ratchet baseline.
struct BaselineCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "baseline",
    abstract: "Manage the coverage baseline that gated layers must not drop below.",
    subcommands: [BaselineSaveCommand.self])
}

/// `covgate baseline save`: write `.covgate-baseline.json` from a test run or from exports.
struct BaselineSaveCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "save",
    abstract:
      "Run the tests (or read coverage made elsewhere, as check does) and save the figures as the baseline."
  )

  /// Coverage made elsewhere instead of running the tests.
  @OptionGroup var input: CoverageInputOptions

  @OptionGroup var options: CommonOptions

  @OptionGroup var testRun: TestRunOptions

  @Argument(parsing: .postTerminator, help: "Arguments after -- go to `swift test`.")
  var swiftTestArguments: [String] = []

  func run() throws {
    let terminal = Terminal()
    try reportingErrors(terminal) {
      let source: CoverageSource =
        input.isEmpty
        ? .swiftTest(
          arguments: swiftTestArguments, timeout: testRun.limit, perTest: testRun.perTestRequest)
        : input.source
      let pipeline = try options.pipeline(source: source, observer: terminal)
      let result = try pipeline.saveBaseline()
      _ = ResultPresenter(terminal: terminal, quiet: options.quiet).present(result, of: pipeline)
      guard result.outcome != .testsFailed else {
        terminal.error(
          "the tests failed, so no baseline was saved; fix them and run `covgate baseline save` again"
        )
        return .testsFailed
      }
      return .success
    }
  }
}
