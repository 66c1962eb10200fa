import ArgumentParser
import CovgateKit
import Foundation

/// `covgate history`: print the coverage trend of the runs recorded in the history database.
struct HistoryCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "history",
    abstract: "Print the coverage trend of the recorded runs (newest last).")

  @OptionGroup var package: PackageOptions

  @Option(help: "How many of the latest runs to show.")
  var limit: Int = 20

  func validate() throws {
    guard limit > 0 else { throw ValidationError("--limit must be at least 1, got \(limit)") }
  }

  func run() throws {
    let terminal = Terminal()
    try reportingErrors(terminal) {
      let root = try package.packageRoot()
      let history = try package.loadConfig(root: root).history
      let path = HistoryLocation.path(history, root: root) ?? history.resolvedPath(root: root)
      let runs = try HistoryStore.recentRuns(path: path, limit: limit)
      print(HistoryTable(timeZone: .current).text(runs), terminator: "")
      return .success
    }
  }
}
