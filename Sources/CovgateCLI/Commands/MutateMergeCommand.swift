import ArgumentParser
import CovgateKit

/// `covgate mutate merge`: the JSON reports of `covgate mutate --shard K/N` made into the
/// report, score and gate verdict one run of every mutant gives.
struct MutateMergeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "merge",
    abstract:
      "Merge the JSON reports of covgate mutate --shard K/N into the whole run's reports and gate.",
    discussion: """
      Takes every shard's covgate-mutation.json, each once, and writes the reports one run of \
      every mutant writes, gated by the package's config. Refuses (exit 2, naming the cause and \
      the fix) shards of different commits, scopes or splits, a missing or repeated shard, and a \
      shard that does not hold the mutants the split gives it. Exit 1 when a layer's score is \
      below its mutation.minimum.
      """)

  @OptionGroup var package: PackageOptions

  @Option(
    help: "The folder reports are written to (default: <package>/\(RunSettings.outputFolderName)).")
  var output: String?

  @Option(
    name: .customLong("format"),
    help: ArgumentHelp(
      "A report format, repeatable: \(MutationFormat.allCases.map(\.rawValue).joined(separator: ", ")), or all (default: text, json, markdown).",
      valueName: "format"))
  var formats: [String] = []

  @Flag(help: "Do not print the text report on standard output.")
  var quiet = false

  @Argument(help: ArgumentHelp("Every shard's covgate-mutation.json.", valueName: "shard.json"))
  var shards: [String] = []

  func validate() throws {
    guard !shards.isEmpty else {
      throw ValidationError("give every shard's covgate-mutation.json to merge")
    }
    try validating { _ = try MutationFormat.chosen(formats) }
  }

  func run() throws {
    let terminal = Terminal()
    try reportingErrors(terminal) {
      let root = try package.packageRoot()
      let request = MutationMergeRequest(
        packageRoot: root, configFile: package.configFile(root: root),
        shards: shards.map { absolute($0).path }, outputFolder: output.map { absolute($0).path },
        formats: formats)
      let result = try MutationRun.merge(request, observer: terminal)
      if !quiet, let text = result.text { print(text, terminator: "") }
      return result.passed ? .success : .gateFailed
    }
  }
}
