import ArgumentParser
import CoverageAcquisition
import CoverageGate
import CoverageModel
import CovgateKit
import Foundation

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
      let (affected, testMap, mergeBase) = try queries.affected(since: base)
      print(
        AffectedOutput(affected: affected, map: testMap, base: base, mergeBase: mergeBase).text(
          format))
      if format != .json {
        // Why the selection is what it is, on standard error (standard output is the filter).
        if !affected.everything.isEmpty {
          terminal.printError("covgate: every test: \(affected.everything[0])")
        }
        for module in affected.modules {
          terminal.printError(
            "covgate: all of test module \(module): a test file of it changed (new tests are not in the map)"
          )
        }
        if !affected.ignored.isEmpty {
          terminal.printError(
            "covgate: no test reads \(affected.ignored.joined(separator: ", ")): they select nothing"
          )
        }
      }
      return .success
    }
  }
}
