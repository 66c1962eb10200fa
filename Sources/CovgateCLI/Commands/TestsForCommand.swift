import ArgumentParser
import CoverageModel
import CovgateKit
import Foundation

/// `covgate tests-for FILE:LINE`: the tests that ran the code at a line, from the test map a
/// per-test run wrote.
struct TestsForCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tests-for",
    abstract:
      "Print the tests that ran the line FILE:LINE (from `run --per-test`'s test map; its function's, where the map has no lines), one a line."
  )

  @OptionGroup var package: PackageOptions

  @Argument(
    help: ArgumentHelp(
      "A package-relative file and a line, e.g. Sources/Pricing/Tax.swift:12.",
      valueName: "file:line"))
  var location: String

  @Option(
    help: ArgumentHelp(
      "The test map (default: covgate-test-map.json in the output folder).", valueName: "file"))
  var map: String?

  @Option(
    help: ArgumentHelp(
      "The folder `covgate run --per-test` wrote to (default: <package>/\(RunSettings.outputFolderName)).",
      valueName: "folder"))
  var output: String?

  func validate() throws {
    guard parsedLocation != nil else {
      throw ValidationError(
        "expected FILE:LINE with a line number of at least 1, got '\(location)'")
    }
  }

  private var parsedLocation: (file: String, line: Int)? {
    guard let colon = location.lastIndex(of: ":"),
      let line = Int(location[location.index(after: colon)...]), line > 0
    else { return nil }
    return (String(location[..<colon]), line)
  }

  func run() throws {
    let terminal = Terminal()
    try reportingErrors(terminal) {
      let root = try package.packageRoot()
      let queries = TestMapQueries(
        root: root, map: map.map { absolute($0).path },
        outputFolder: output.map { absolute($0).path },
        services: .live(root: root, observer: terminal))
      guard let (file, line) = parsedLocation else { return .usage }
      // A path given from inside the package or with ./ reads as the map's package-relative one.
      let relative =
        absolute(file).path.hasPrefix(root + "/")
        ? String(absolute(file).path.dropFirst(root.count + 1)) : file
      switch try queries.tests(file: relative, line: line) {
      case .tests(let tests):
        if tests.isEmpty {
          terminal.printError("covgate: no test ran the function at \(relative):\(line)")
        }
        for test in tests { print(test.id) }
        return .success
      case .lineNeverRan(let tests):
        terminal.printError(
          "covgate: line \(line) of \(relative) never ran in the mapped run; these tests ran its function"
        )
        for test in tests { print(test.id) }
        return .success
      case .fileNotInMap:
        throw TestsForError(
          message:
            "\(relative) is not in the test map \(queries.mapPath): not a measured source of the package (a test file, an excluded or unbuilt file?); give a path relative to the package root"
        )
      case .outsideFunctions(let lines):
        throw TestsForError(
          message:
            "line \(line) of \(relative) is in no function of the test map (its functions span lines \(lines.lowerBound)-\(lines.upperBound)); give a line inside a function body"
        )
      }
    }
  }
}

/// `tests-for` asked about a place the test map does not cover (exit 2).
struct TestsForError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
