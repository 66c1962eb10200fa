import ArgumentParser
import CovgateKit

/// `covgate check`: evaluate exports made elsewhere.
struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Evaluate existing llvm-cov export JSON files (several are merged).")

  @Option(
    name: .customLong("input"),
    help: ArgumentHelp("An llvm-cov export JSON file, repeatable.", valueName: "file"))
  var inputs: [String] = []

  @Option(
    name: .customLong("from-build"),
    help: ArgumentHelp(
      "A build folder whose tests already ran with coverage (e.g. .build/debug): merge its codecov/*.profraw and export its test binaries, without running swift.",
      valueName: "folder"))
  var fromBuild: String?

  @OptionGroup var options: CommonOptions

  func validate() throws {
    guard !inputs.isEmpty || fromBuild != nil else {
      throw ValidationError("check needs at least one --input FILE.json or a --from-build FOLDER")
    }
  }

  func run() throws {
    let terminal = Terminal()
    try reportingErrors(terminal) {
      let pipeline = try options.pipeline(
        source: .exports(inputs, buildFolder: fromBuild), observer: terminal)
      return ResultPresenter(terminal: terminal, quiet: options.quiet, heading: options.heading)
        .present(try pipeline.run())
    }
  }
}
