import ArgumentParser
import CoverageModel
import CovgateKit
import Foundation

/// `covgate merge`: combine the results of test shards into one.
struct MergeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "merge",
    abstract:
      "Merge shard results: raw or indexed profiles into one .profdata, exports into one export, or test maps into one map.",
    discussion: """
      Profiles (.profraw, .profdata) are merged by the toolchain's llvm-profdata; export the result \
      with llvm-cov against the test binary. Exports (.json) of the same code are merged by adding \
      region counts per function and recomputing summaries and line views as llvm-cov does; the \
      result is an llvm-cov export that `covgate check --input` reads. Test maps \
      (covgate-test-map.json of `run --per-test --shard K/N`) of one commit are merged into the map \
      of the whole run.
      """)

  @Option(
    name: .shortAndLong,
    help: ArgumentHelp("The merged file (.profdata or .json).", valueName: "file"))
  var output: String

  @Argument(
    help: ArgumentHelp(
      "Shard results: all profiles, all exports or all test maps.", valueName: "file"))
  var inputs: [String]

  func validate() throws {
    guard inputs.count >= 1 else { throw ValidationError("merge needs at least one input") }
    let kinds = Set(inputs.map(ShardMerger.kind))
    if kinds.contains(.testMap), kinds.count > 1 {
      throw ValidationError(
        "merge takes test maps (\(TestMap.fileName)) only with other test maps, not with exports")
    }
    guard kinds.count == 1, let kind = kinds.first, kind != .unknown else {
      throw ValidationError(
        "merge takes only profiles (.profraw, .profdata), only exports (.json) or only test maps (\(TestMap.fileName)), not \(inputs.joined(separator: ", "))"
      )
    }
    let wanted = ShardMerger.outputExtension(for: kind)
    guard (output as NSString).pathExtension == wanted else {
      throw ValidationError("--output must end in .\(wanted) for these inputs")
    }
  }

  func run() throws {
    let terminal = Terminal()
    try reportingErrors(terminal) {
      try ShardMerger.merge(inputs, into: output)
      terminal.printError("covgate: merged \(inputs.count) files into \(output)")
      return .success
    }
  }
}
