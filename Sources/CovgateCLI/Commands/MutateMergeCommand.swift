import ArgumentParser
import CovgateKit

/// `covgate mutate merge`: the JSON reports of `covgate mutate --shard K/N` made into the
/// report, score and gate verdict one run of every mutant gives.
///
/// Its `--output`, `--format`, `--quiet`, `--package-path` and `--config` are `mutate`'s own
/// (ArgumentParser gives a parent's options to the parent wherever they stand, so a
/// subcommand that declared them again would never see their values): read from the parent.
struct MutateMergeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "merge",
    abstract:
      "Merge the JSON reports of covgate mutate --shard K/N into the whole run's reports and gate.",
    discussion: """
      Takes every shard's covgate-mutation.json, each once, and writes the reports one run of \
      every mutant writes, gated by the package's config. Takes mutate's --output, --format, \
      --quiet, --update-baseline, --package-path and --config, e.g. covgate mutate merge --format all \
      shard-1/covgate-mutation.json shard-2/covgate-mutation.json. Refuses (exit 2, naming the \
      cause and the fix) shards of different commits, scopes or splits, a missing or repeated \
      shard, and a shard that does not hold the mutants the split gives it. Exit 1 when a \
      layer's score is below its mutation.minimum.
      """)

  @ParentCommand var mutate: MutateCommand

  @Argument(help: ArgumentHelp("Every shard's covgate-mutation.json.", valueName: "shard.json"))
  var shards: [String] = []

  func validate() throws {
    guard !shards.isEmpty else {
      throw ValidationError("give every shard's covgate-mutation.json to merge")
    }
    guard mutate.asksForAMergeOnly else {
      throw ValidationError(
        "merge takes only --output, --format, --quiet, --update-baseline, --package-path and --config besides the shards' reports"
      )
    }
  }

  func run() throws {
    let terminal = Terminal()
    try reportingErrors(terminal) {
      let root = try mutate.package.packageRoot()
      let request = MutationMergeRequest(
        packageRoot: root, configFile: mutate.package.configFile(root: root),
        shards: shards.map { absolute($0).path },
        outputFolder: mutate.output.map { absolute($0).path }, formats: mutate.formats,
        updatesBaseline: mutate.updateBaseline)
      let result = try MutationTesting.merge(request, observer: terminal)
      if !mutate.quiet, let text = result.text { print(text, terminator: "") }
      return result.passed ? .success : .gateFailed
    }
  }
}
