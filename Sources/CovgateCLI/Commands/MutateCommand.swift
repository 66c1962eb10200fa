import ArgumentParser
import CoverageModel
import CoverageReports
import CovgateKit
import CovgateSupport
import Foundation

/// `covgate mutate`: seeds faults in the lines in scope and runs the tests that ran each one,
/// in a copy of the package; survivors are faults no test notices.
struct MutateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "mutate",
    abstract:
      "Mutation testing of a change: seed faults in the changed lines of gated layers, run the tests that ran each, list the ones no test notices.",
    discussion: """
      Works in a copy of the package kept in covgate's cache folder, so the package's sources \
      and build folder are left as they are. Every mutant is built once (mutant schemata); each \
      runs only the tests that ran its line, from a first run of every test one per process. \
      Writes covgate-mutation.json and covgate-mutation.md to the output folder. Exit codes as \
      for run: 1 when a layer's score is below its mutation.minimum.
      """)

  @OptionGroup var package: PackageOptions

  @Option(help: ArgumentHelp("Mutate the lines changed since this git ref.", valueName: "ref"))
  var base: String?

  @Option(
    name: .customLong("file"),
    help: ArgumentHelp("Mutate every line of this file, repeatable.", valueName: "path"))
  var files: [String] = []

  @Flag(help: "Mutate every line of the gated layers.")
  var all = false

  @Option(help: ArgumentHelp("How many mutants run at once (default: the cores).", valueName: "n"))
  var jobs: Int?

  @Option(
    name: .customLong("timeout-factor"),
    help: ArgumentHelp(
      "A test's time limit is this many times its first run, at least 5 seconds.",
      valueName: "n"))
  var timeoutFactor: Double = 5

  @Flag(
    name: .customLong("fresh-processes"),
    help: "Start every test's process from scratch instead of forking it from a test server.")
  var freshProcesses = false

  @Option(
    help: "The folder reports are written to (default: <package>/\(RunSettings.outputFolderName)).")
  var output: String?

  @Flag(help: "Do not print the text report on standard output.")
  var quiet = false

  func validate() throws {
    let scopes = [base != nil, !files.isEmpty, all].filter { $0 }.count
    guard scopes <= 1 else { throw ValidationError("give one of --base, --file and --all") }
    if let jobs, jobs < 1 { throw ValidationError("--jobs takes a number of at least 1") }
    guard timeoutFactor >= 1 else { throw ValidationError("--timeout-factor takes at least 1") }
  }

  func run() throws {
    let terminal = Terminal()
    try reportingErrors(terminal) {
      let root = try package.packageRoot()
      let config = try package.loadConfig(root: root)
      let scope: MutationSettings.Scope
      if all {
        scope = .all
      } else if !files.isEmpty {
        scope = .files(files.map { relative($0, root: root) })
      } else if let base = base ?? config.patch.base {
        scope = .changes(since: base)
      } else {
        throw MutationError.noScope
      }
      guard let cache = CacheFolder.forPackage(root) else {
        throw ValidationError(
          "covgate mutate keeps a copy of the package in the cache folder: set HOME or XDG_CACHE_HOME"
        )
      }
      var settings = MutationSettings(
        packageRoot: root, config: config, scope: scope, workspace: "\(cache)/mutate",
        freshProcesses: freshProcesses, timeoutFactor: timeoutFactor)
      if let jobs { settings.jobs = jobs }
      let report = try MutationRun(
        settings: settings, services: .live(root: root, observer: terminal)
      ).run()
      let folder = output.map { absolute($0).path } ?? RunSettings.defaultOutputFolder(root: root)
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      try AtomicFile.write([
        (
          path: "\(folder)/\(MutationReport.fileName)",
          contents: String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
        ),
        (
          path: "\(folder)/\(MutationMarkdownReport.fileName)",
          contents: MutationMarkdownReport.render(report)
        ),
      ])
      if !quiet { print(MutationTextReport.render(report), terminator: "") }
      terminal.notice("covgate: \(terminal.finished())")
      return report.passed ? .success : .gateFailed
    }
  }

  /// A path given from inside the package, with ./ or absolute, as the package-relative one.
  private func relative(_ path: String, root: String) -> String {
    let full = absolute(path).path
    return full.hasPrefix(root + "/") ? String(full.dropFirst(root.count + 1)) : path
  }
}
