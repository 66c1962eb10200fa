import ArgumentParser
import CoverageModel
import CovgateKit

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
      Writes covgate-mutation.json and covgate-mutation.md (--format: also html, sonarqube and \
      sarif) to the output folder. Exit codes as for run: 1 when a layer's score is below its \
      mutation.minimum. With --shard K/N only the K-th part of the mutants runs and the run is \
      not gated: `covgate mutate merge` makes the parts' JSON reports into the whole run's.
      """,
    subcommands: [MutateMergeCommand.self])

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

  @Flag(
    name: .customLong("update-baseline"),
    help:
      "With --all (or a merge of --all shards): raise the baseline file's mutation score of each gated layer that rose."
  )
  var updateBaseline = false

  @Option(
    help: ArgumentHelp(
      "Run only the K-th of N parts of the mutants (balanced by --test-map's test times, else dealt out by id); merge the parts with `covgate mutate merge`.",
      valueName: "K/N"))
  var shard: String?

  @Option(
    name: .customLong("test-map"),
    help: ArgumentHelp(
      "With --shard: the test map (covgate-test-map.json of `run --per-test`) whose test times balance the parts; give every shard the same file.",
      valueName: "file"))
  var testMap: String?

  func validate() throws {
    let scopes = [base != nil, !files.isEmpty, all].filter { $0 }.count
    guard scopes <= 1 else { throw ValidationError("give one of --base, --file and --all") }
    if let jobs, jobs < 1 { throw ValidationError("--jobs takes a number of at least 1") }
    guard timeoutFactor >= 1 else { throw ValidationError("--timeout-factor takes at least 1") }
    try validating { _ = try MutationFormat.chosen(formats) }
    if let shard, !PerTestRequest.isShard(shard) {
      throw ValidationError("--shard takes K/N with 1 <= K <= N, e.g. 2/3; got '\(shard)'")
    }
    if testMap != nil, shard == nil {
      throw ValidationError("--test-map balances shards: give it with --shard K/N")
    }
  }

  func run() throws {
    let terminal = Terminal()
    try reportingErrors(terminal) { try execute(terminal) }
  }

  /// Whether only the options `covgate mutate merge` takes were given (the run's own, such as
  /// a scope or `--shard`, mean nothing to a merge).
  var asksForAMergeOnly: Bool {
    base == nil && files.isEmpty && !all && jobs == nil && timeoutFactor == 5 && !freshProcesses
      && !noCache && shard == nil && testMap == nil
  }

  /// The mutation run and its reports.
  func execute(_ terminal: Terminal) throws -> ExitCode {
    let root = try package.packageRoot()
    let request = MutationRequest(
      packageRoot: root, configFile: package.configFile(root: root), base: base,
      files: files.map { relative($0, root: root) }, all: all, jobs: jobs,
      timeoutFactor: timeoutFactor, freshProcesses: freshProcesses, usesCache: !noCache,
      outputFolder: output.map { absolute($0).path }, formats: formats, shard: shard,
      testMap: testMap.map { absolute($0).path }, updatesBaseline: updateBaseline)
    return try Self.execute(request, quiet: quiet, terminal).code
  }

  /// The mutation run `request` asks for, its text report printed unless `quiet`, and its exit
  /// code; `covgate run --mutate` calls it after its own, and shows its findings.
  static func execute(_ request: MutationRequest, quiet: Bool, _ terminal: Terminal) throws
    -> (code: ExitCode, findings: MutationFindings)
  {
    let result = try MutationTesting.run(request, observer: terminal)
    if !quiet, let text = result.text { print(text, terminator: "") }
    terminal.notice("covgate: \(terminal.finished())")
    return (result.passed ? .success : .gateFailed, result.findings)
  }

  /// A path given from inside the package, with ./ or absolute, as the package-relative one.
  private func relative(_ path: String, root: String) -> String {
    let full = absolute(path).path
    return full.hasPrefix(root + "/") ? String(full.dropFirst(root.count + 1)) : path
  }
}
