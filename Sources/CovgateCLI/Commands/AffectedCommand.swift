import ArgumentParser
import CovgateKit

/// `covgate affected --base REF`: the tests a change needs, from the test map of a per-test run.
struct AffectedCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "affected",
    abstract:
      "Print the tests the changes since the merge base with --base need, from `run --per-test`'s test map.",
    discussion: """
      A change the map cannot put on its functions (a new or deleted file, a changed signature or \
      declaration, Package.swift, a resource, a map of other files) selects every test. The default \
      output is one argument for `swift test --filter`: `.` when every test is needed, `^$` when none is.
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case filter, list, json

    /// The kit's output format of the same name.
    var outputFormat: AffectedOutput.Format {
      switch self {
      case .filter: .filter
      case .list: .list
      case .json: .json
      }
    }
  }

  @OptionGroup var package: PackageOptions

  @Option(
    help: "The git ref the change is measured from (its merge base with HEAD), e.g. origin/main.")
  var base: String

  @Option(
    help: ArgumentHelp(
      "The test map (default: covgate-test-map.json in the output folder).", valueName: "file"))
  var map: String?

  @Option(
    help: ArgumentHelp(
      "The folder `covgate run --per-test` wrote to (default: <package>/\(RunSettings.outputFolderName)).",
      valueName: "folder"))
  var output: String?

  @Option(
    help:
      "filter (one argument for swift test --filter), list (one test ID a line) or json (with reasons)."
  )
  var format: Format = .filter

  func run() throws {
    let terminal = Terminal()
    try reportingErrors(terminal) {
      let root = try package.packageRoot()
      let queries = TestMapQueries(
        root: root, map: map.map { absolute($0).path },
        outputFolder: output.map { absolute($0).path },
        services: .live(root: root, observer: terminal))
      let output = try queries.affectedOutput(since: base)
      print(output.text(format.outputFormat))
      if format != .json {
        // Why the selection is what it is, on standard error (standard output is the filter).
        output.explanation.forEach(terminal.printError)
      }
      return .success
    }
  }
}
