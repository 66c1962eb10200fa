import ArgumentParser
import CoverageModel
import LLVMCoverage

/// `covgate run`: build and run the tests with coverage, then evaluate and report.
struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Run `swift test` with coverage, then gate and report (the default).")

  @OptionGroup var options: CommonOptions

  @OptionGroup var testRun: TestRunOptions

  @Argument(parsing: .postTerminator, help: "Arguments after -- go to `swift test` (e.g. --filter, --parallel).")
  var swiftTestArguments: [String] = []

  func run() throws {
    let terminal = Terminal()
    try reportingErrors(terminal) {
      let pipeline = Pipeline(options: options, terminal: terminal, platform: currentPlatform())
      let root = options.packageRoot
      let (report, config) = try pipeline.report(
        from: .tests(arguments: swiftTestArguments, timeout: testRun.limit), root: root)
      return try pipeline.finish(report, config: config, root: root)
    }
  }
}
