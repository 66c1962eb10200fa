import ArgumentParser
import CoverageModel
import LLVMCoverage

/// `covgate run`: build and run the tests with coverage, then evaluate and report.
struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Run `swift test` with coverage, then gate and report (the default).")

  @OptionGroup var options: CommonOptions

  @Argument(parsing: .postTerminator, help: "Arguments after -- go to `swift test` (e.g. --filter, --parallel).")
  var swiftTestArguments: [String] = []

  func run() throws {
    let terminal = Terminal()
    try reportingErrors(terminal) {
      let platform = currentPlatform()
      let toolchain = try platform.locateToolchain()
      let pipeline = Pipeline(options: options, terminal: terminal, platform: platform)
      let root = options.packageRoot
      let (package, config) = try pipeline.prepare(root: root, swift: toolchain.swift)
      let acquisition = try TestRunner(
        toolchain: toolchain, platform: platform, onPhase: { terminal.phase($0) }
      ).run(root: root, packageName: package.name, arguments: swiftTestArguments)
      let tests = TestOutcome(passed: acquisition.testExitCode == 0, exitCode: acquisition.testExitCode)
      let data = try pipeline.load(exports: [acquisition.exportPath])
      let report = try pipeline.evaluate(data, package: package, config: config, tests: tests)
      try pipeline.publish(report, root: root)
      if !tests.passed { return CovgateExit.testsFailed }
      return report.gate.passed ? CovgateExit.passed : CovgateExit.gateFailed
    }
  }
}
