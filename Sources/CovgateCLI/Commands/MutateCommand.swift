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
      Writes covgate-mutation.json and covgate-mutation.md (--format: also html and sonarqube) \
      to the output folder. Exit codes as for run: 1 when a layer's score is below its \
      mutation.minimum.
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

  @Flag(
    name: .customLong("no-cache"),
    help:
      "Run every mutant, even one whose file, tests and test code are unchanged since the last run."
  )
  var noCache = false

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

  /// The reports `covgate mutate` writes.
  enum MutationFormat: String, CaseIterable {
    case text, json, markdown, html, sonarqube
  }

  private func reportFormats() throws -> Set<MutationFormat> {
    guard !formats.isEmpty else { return [.text, .json, .markdown] }
    var chosen = Set<MutationFormat>()
    for name in formats {
      if name == "all" { return Set(MutationFormat.allCases) }
      guard let format = MutationFormat(rawValue: name) else {
        throw ValidationError(
          "unknown format '\(name)'; valid formats: \(MutationFormat.allCases.map(\.rawValue).joined(separator: ", ")), all"
        )
      }
      chosen.insert(format)
    }
    return chosen
  }

  func validate() throws {
    let scopes = [base != nil, !files.isEmpty, all].filter { $0 }.count
    guard scopes <= 1 else { throw ValidationError("give one of --base, --file and --all") }
    if let jobs, jobs < 1 { throw ValidationError("--jobs takes a number of at least 1") }
    guard timeoutFactor >= 1 else { throw ValidationError("--timeout-factor takes at least 1") }
    _ = try reportFormats()
  }

  func run() throws {
    let terminal = Terminal()
    try reportingErrors(terminal) { try execute(terminal) }
  }

  /// The mutation run and its reports; `covgate run --mutate` calls it after its own.
  func execute(_ terminal: Terminal) throws -> ExitCode {
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
    settings.usesCache = !noCache
    let report = try MutationRun(
      settings: settings, services: .live(root: root, observer: terminal)
    ).run()
    let folder = output.map { absolute($0).path } ?? RunSettings.defaultOutputFolder(root: root)
    let chosen = try reportFormats()
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let pending = try files(of: report, formats: chosen, root: root, folder: folder).map {
      file in AtomicFile.Pending(path: file.path, parts: { [file.contents] })
    }
    try ReportFolder.write(pending, to: folder, manifest: ReportFolder.mutationManifest)
    if !quiet, chosen.contains(.text) { print(MutationTextReport.render(report), terminator: "") }
    terminal.notice("covgate: \(terminal.finished())")
    return report.passed ? .success : .gateFailed
  }

  /// The arguments of the mutation run `covgate run --mutate` makes after its own: the lines
  /// changed since `base`, the run's package, config and output folder.
  static func arguments(after run: CommonOptions, base: String) -> [String] {
    var arguments = ["--package-path", run.package.packagePath, "--base", base]
    if let config = run.package.config { arguments += ["--config", config] }
    if let output = run.output { arguments += ["--output", output] }
    if run.quiet { arguments.append("--quiet") }
    return arguments
  }

  /// Each chosen format's file (the text report goes to standard output only).
  private func files(
    of report: MutationReport, formats: Set<MutationFormat>, root: String, folder: String
  ) throws -> [(path: String, contents: String)] {
    var files: [(path: String, contents: String)] = []
    if formats.contains(.json) {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      files.append(
        (
          "\(folder)/\(MutationReport.fileName)",
          String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
        ))
    }
    if formats.contains(.markdown) {
      files.append(
        ("\(folder)/\(MutationMarkdownReport.fileName)", MutationMarkdownReport.render(report)))
    }
    if formats.contains(.html) {
      var sources: [String: String] = [:]
      for file in Set(report.survivors.map(\.mutant.file)) {
        sources[file] = try? String(contentsOfFile: "\(root)/\(file)", encoding: .utf8)
      }
      files.append(
        (
          "\(folder)/\(MutationHTMLReport.fileName)",
          MutationHTMLReport.render(report, sources: sources)
        ))
    }
    if formats.contains(.sonarqube) {
      files.append(
        (
          "\(folder)/\(MutationSonarQubeReport.fileName)",
          try MutationSonarQubeReport.render(report)
        ))
    }
    return files
  }

  /// A path given from inside the package, with ./ or absolute, as the package-relative one.
  private func relative(_ path: String, root: String) -> String {
    let full = absolute(path).path
    return full.hasPrefix(root + "/") ? String(full.dropFirst(root.count + 1)) : path
  }
}
