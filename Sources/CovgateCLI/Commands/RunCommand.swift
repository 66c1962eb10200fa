import ArgumentParser
import CovgateKit

/// `covgate run`: build and run the tests with coverage, then evaluate and report.
struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract:
      "Run `swift test` (or, with --xcode, `xcodebuild test`) with coverage, then gate and report (the default)."
  )

  @OptionGroup var options: CommonOptions

  @OptionGroup var testRun: TestRunOptions

  @OptionGroup var xcode: XcodeOptions

  @Argument(
    parsing: .postTerminator,
    help: "Arguments after -- go to `swift test` (e.g. --filter, --parallel).")
  var swiftTestArguments: [String] = []

  func validate() throws {
    if xcode.xcode, testRun.perTest || testRun.repeats > 1 || !swiftTestArguments.isEmpty {
      throw ValidationError(
        "--xcode runs xcodebuild, not swift test: --per-test, --repeat and arguments after -- do not apply"
      )
    }
  }

  func run() throws {
    let terminal = Terminal()
    try reportingErrors(terminal) {
      let source: CoverageSource =
        try xcode.request(root: options.package.packageRoot()).map { .xcodeTests($0) }
        ?? .tests(
          arguments: swiftTestArguments, timeout: testRun.limit, perTest: testRun.perTestSettings,
          repeat: testRun.repeats)
      let pipeline = try options.pipeline(source: source, observer: terminal)
      return ResultPresenter(terminal: terminal, quiet: options.quiet, heading: options.heading)
        .present(try pipeline.run())
    }
  }
}
