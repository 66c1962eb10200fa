import Foundation

/// The `covgate check` command line the plugin runs after the tests: the package and its
/// description, where the coverage is, then the user's own arguments (which win on conflict).
struct CovgateInvocation {
  /// The package root.
  var packageRoot: String
  /// The JSON package description the plugin wrote.
  var descriptionFile: String
  /// The build folder whose `codecov/*.profraw` covgate merges, and whose test binaries it reads
  /// (how they update their counters): never SwiftPM's export alone, which names no binary.
  var buildFolder: String
  /// What the user typed after `swift package covgate`.
  var userArguments: [String]
  /// Whether the tests failed: then the baseline is never raised.
  var testsFailed: Bool

  /// The arguments after `covgate`.
  var arguments: [String] {
    var arguments = [
      "check", "--package-path", packageRoot, "--package-description", descriptionFile,
    ]
    arguments += ["--from-build", buildFolder]
    return arguments + forwardedArguments
  }

  /// The user's arguments, without `--update-baseline` after a red run (covgate never raises
  /// the baseline from failed tests, and `check` cannot know they failed).
  var forwardedArguments: [String] {
    testsFailed ? userArguments.filter { $0 != "--update-baseline" } : userArguments
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
