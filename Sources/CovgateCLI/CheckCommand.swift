import ArgumentParser
import CoverageModel
import LLVMCoverage

/// `covgate check`: evaluate exports made elsewhere.
struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Evaluate existing llvm-cov export JSON files (several are merged).")

  @Option(name: .customLong("input"), help: ArgumentHelp("An llvm-cov export JSON file, repeatable.", valueName: "file"))
  var inputs: [String] = []

  @OptionGroup var options: CommonOptions

  func validate() throws {
    guard !inputs.isEmpty else { throw ValidationError("check needs at least one --input FILE.json") }
  }

  func run() throws {
    let terminal = Terminal()
    try reportingErrors(terminal) {
      let platform = currentPlatform()
      let pipeline = Pipeline(options: options, terminal: terminal, platform: platform)
      let root = options.packageRoot
      let (package, config) = try pipeline.prepare(root: root, swift: try platform.locateSwift())
      let data = try pipeline.load(exports: inputs)
      let report = try pipeline.evaluate(data, package: package, config: config, tests: nil)
      try pipeline.publish(report, root: root)
      return report.gate.passed ? CovgateExit.passed : CovgateExit.gateFailed
    }
  }
}
