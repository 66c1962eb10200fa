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
      let pipeline = Pipeline(options: options, terminal: terminal, platform: currentPlatform())
      let root = options.packageRoot
      let (report, config) = try pipeline.report(from: .exports(inputs), root: root)
      return try pipeline.finish(report, config: config, root: root)
    }
  }
}
