import ArgumentParser
import CoverageAcquisition
import CoverageModel
import CoverageReports
import CovgateSupport
import Foundation
import LLVMCoverage

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
    let kinds = Set(inputs.map(Self.kind))
    guard kinds.count == 1, let kind = kinds.first, kind != .unknown else {
      throw ValidationError(
        "merge takes only profiles (.profraw, .profdata), only exports (.json) or only test maps (\(TestMap.fileName)), not \(inputs.joined(separator: ", "))"
      )
    }
    let maps = inputs.filter { $0.hasSuffix(TestMap.fileName) }.count
    guard maps == 0 || maps == inputs.count else {
      throw ValidationError(
        "merge takes test maps (\(TestMap.fileName)) only with other test maps, not with exports")
    }
    guard Self.kind(output) == (kind == .export ? .export : .profile) else {
      throw ValidationError(
        "--output must end in \(kind == .export ? ".json" : ".profdata") for these inputs")
    }
  }

  func run() throws {
    let terminal = Terminal()
    try reportingErrors(terminal) {
      if inputs.allSatisfy({ $0.hasSuffix(TestMap.fileName) }) {
        let maps = try inputs.map { try TestMapReader.read(path: $0) }
        guard let merged = TestMap.merged(maps) else {
          throw MergeOutputError(
            reason: "the test maps come from different commits; merge the shards of one run")
        }
        try AtomicFile.write(Data(TestMapFile.json(merged).utf8), to: output)
      } else if Self.kind(inputs[0]) == .export {
        let exports = try inputs.map {
          ($0, try ExportReader.read(path: $0, options: .init(functions: true)))
        }
        let merged = try ExportMerger.merge(exports)
        guard !merged.functions.isEmpty || merged.files.isEmpty else {
          throw MergeOutputError(
            reason: "the inputs carry no function records; export them without -skip-functions")
        }
        try AtomicFile.write(try ExportWriter.write(merged), to: output)
      } else {
        let toolchain = try currentPlatform().locateToolchain()
        try TestRunner(toolchain: toolchain, platform: currentPlatform()).merge(
          inputs, into: output)
      }
      terminal.printError("covgate: merged \(inputs.count) files into \(output)")
      return .success
    }
  }

  enum Kind { case profile, export, unknown }

  static func kind(_ path: String) -> Kind {
    switch (path as NSString).pathExtension {
    case "profraw", "profdata": .profile
    case "json": .export
    default: .unknown
    }
  }
}

struct MergeOutputError: Error, CustomStringConvertible {
  var reason: String
  var description: String { "cannot merge: \(reason)" }
}
