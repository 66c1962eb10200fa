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

  @Flag(
    help:
      "After the gate, mutation testing of the lines changed since --base (or patch.base), as covgate mutate does."
  )
  var mutate = false

  @Argument(
    parsing: .postTerminator,
    help: "Arguments after -- go to `swift test` (e.g. --filter, --parallel).")
  var swiftTestArguments: [String] = []

  func validate() throws {
    if mutate, xcode.xcode {
      throw ValidationError("--mutate runs the package's tests with swift test, not xcodebuild")
    }
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
        try xcode.source(root: options.package.packageRoot())
        ?? .swiftTest(
          arguments: swiftTestArguments, timeout: testRun.limit, perTest: testRun.perTestRequest,
          repeat: testRun.repeats)
      let pipeline = try options.pipeline(source: source, observer: terminal)
      // The lines to mutate are known before anything runs, or the run stops here.
      let mutation = mutate ? try MutationTesting.request(after: pipeline) : nil
      let result = try pipeline.run()
      let report = result.report
      let code = ResultPresenter(terminal: terminal, quiet: options.quiet)
        .present(result, of: pipeline)
      // Mutants are judged by tests that pass: a red or broken run stops before them.
      guard let mutation, code == .success || code == .gateFailed else { return code }
      let mutated = try MutateCommand.execute(mutation, quiet: options.quiet, terminal)
      for annotation in try pipeline.showSurvivors(mutated.findings, in: report) {
        print(annotation)
      }
      return code == .success ? mutated.code : code
    }
  }
}
