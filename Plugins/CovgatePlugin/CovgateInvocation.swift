import Foundation

/// The `covgate run` command line the plugin runs once the tests are built: the package and its
/// description, the built tests to run one per process, then the user's own arguments (which
/// win on conflict; what follows `--` picks tests: `--filter`, `--skip`).
struct CovgateInvocation {
  /// The package root.
  var packageRoot: String
  /// The JSON package description the plugin wrote.
  var descriptionFile: String
  /// The build folder holding the test binaries the plugin built with coverage.
  var buildFolder: String
  /// What the user typed after `swift package covgate`.
  var userArguments: [String]

  /// The arguments after `covgate`: covgate's own options first, so that they come before any
  /// `--` of the user's.
  var arguments: [String] {
    [
      "run", "--package-path", packageRoot, "--package-description", descriptionFile,
      "--per-test", "--built-tests", buildFolder,
    ] + userArguments
  }

  /// Whether the user asked only for help, which needs no test run.
  static func asksForHelp(_ arguments: [String]) -> Bool {
    arguments.contains("--help") || arguments.contains("-h")
  }

  /// The build products folder (`<scratch>/debug`) of the SwiftPM run whose plugin work
  /// folder is `workDirectory` (`<scratch>/plugins/<plugin>/outputs`).
  static func buildFolder(pluginWorkDirectory workDirectory: URL, packageRoot: String) -> String {
    var folder = workDirectory.standardizedFileURL
    while folder.pathComponents.count > 1 {
      if folder.lastPathComponent == "plugins" {
        return folder.deletingLastPathComponent().appendingPathComponent("debug").path
      }
      folder.deleteLastPathComponent()
    }
    return "\(packageRoot)/.build/debug"
  }
}
