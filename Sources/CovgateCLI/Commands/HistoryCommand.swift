import ArgumentParser
import CovgateKit

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
      let table = try HistoryTable.trend(
        root: root, configFile: package.configFile(root: root), limit: limit)
      print(table, terminator: "")
      return .success
    }
  }
}
