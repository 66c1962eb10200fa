import ArgumentParser
import CoverageGate
import CoverageHistory
import Foundation

/// `covgate history`: print the coverage trend of the runs recorded in the history database.
struct HistoryCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "history",
    abstract: "Print the coverage trend of the recorded runs (newest last).")

  @Option(
    name: .customLong("package-path"), help: "The package folder (default: the current folder).")
  var packagePath: String = "."

  @Option(
    help: "The config file that names the history database (default: .covgate.yml in the package).")
  var config: String?

  @Option(help: "How many of the latest runs to show.")
  var limit: Int = 20

  func validate() throws {
    guard limit > 0 else { throw ValidationError("--limit must be at least 1, got \(limit)") }
  }

  func run() throws {
    let terminal = Terminal()
    try reportingErrors(terminal) {
      var options = try CommonOptions.parse([])
      options.packagePath = packagePath
      options.config = config
      let root = options.packageRoot
      let (configPath, required) = options.configPath(root: root)
      let settings = (try ConfigLoader.load(path: configPath, required: required) ?? .defaults)
        .history
      let path = settings.resolvedPath(root: root)
      guard FileManager.default.fileExists(atPath: path) else {
        throw HistoryError.notFound(path: path)
      }
      let runs = try HistoryDatabase.open(path: path).recentRuns(limit: limit)
      print(HistoryTable(timeZone: .current).text(runs), terminator: "")
      return CovgateExit.passed
    }
  }
}
