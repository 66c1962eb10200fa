import ArgumentParser
import CoverageModel
import LLVMCoverage
import Foundation

/// `covgate tests-for FILE:LINE`: the tests that ran the code at a line, from the test map a
/// per-test run wrote.
struct TestsForCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tests-for",
    abstract: "Print the tests that ran the function at FILE:LINE (from `run --per-test`'s test map), one a line.")

  @OptionGroup var package: PackageOptions

  @Argument(help: ArgumentHelp("A package-relative file and a line, e.g. Sources/Pricing/Tax.swift:12.", valueName: "file:line"))
  var location: String

  @Option(help: ArgumentHelp("The test map (default: covgate-test-map.json in .build/covgate).", valueName: "file"))
  var map: String?

  func validate() throws {
    guard parsedLocation != nil else {
      throw ValidationError("expected FILE:LINE with a line number of at least 1, got '\(location)'")
    }
  }

  private var parsedLocation: (file: String, line: Int)? {
    guard let colon = location.lastIndex(of: ":"), let line = Int(location[location.index(after: colon)...]), line > 0
    else { return nil }
    return (String(location[..<colon]), line)
  }

  func run() throws {
    let terminal = Terminal()
    try reportingErrors(terminal) {
      let root = try package.packageRoot()
      let path = map.map { absolute($0).path } ?? "\(root)/.build/covgate/\(TestMap.fileName)"
      let testMap = try TestMapReader.read(path: path)
      guard let (file, line) = parsedLocation else { return .usage }
      // A path given from inside the package or with ./ reads as the map's package-relative one.
      let relative = absolute(file).path.hasPrefix(root + "/") ? String(absolute(file).path.dropFirst(root.count + 1)) : file
      for test in testMap.tests(file: relative, line: line) { print(test.id) }
      return .success
    }
  }
}
