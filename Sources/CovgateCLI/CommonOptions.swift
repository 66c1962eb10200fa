import ArgumentParser
import CoverageGate
import CoverageReports
import Foundation

/// Options shared by `run` and `check`.
struct CommonOptions: ParsableArguments {
  @Option(name: .customLong("package-path"), help: "The package folder (default: the current folder).")
  var packagePath: String = "."

  @Option(help: "The config file (default: .covgate.yml in the package, built-in defaults if absent).")
  var config: String?

  @Option(
    name: .customLong("package-description"),
    help: ArgumentHelp(
      "Read the package's targets from this JSON file (the SwiftPM plugin writes it) instead of running `swift package describe`.",
      valueName: "file"))
  var packageDescription: String?

  @Option(help: "The folder reports are written to (default: <package>/.build/covgate).")
  var output: String?

  @Option(
    name: .customLong("format"),
    help: ArgumentHelp("A report format, repeatable: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")), or all.", valueName: "format"))
  var formats: [String] = ["text", "json"]

  @Option(
    name: .customLong("path-map"),
    help: ArgumentHelp("Rewrite an exported path prefix, repeatable (found automatically when absent).", valueName: "old=new"))
  var pathMaps: [String] = []

  @Flag(help: "Do not print the text report on standard output.")
  var quiet = false

  @Flag(name: .customLong("no-history"), help: "Do not record this run in the history database.")
  var noHistory = false

  @Option(help: ArgumentHelp("Measure the lines changed since this git ref (patch coverage).", valueName: "ref"))
  var base: String?

  @Flag(name: .customLong("update-baseline"), help: "Raise the baseline file wherever coverage rose.")
  var updateBaseline = false

  func validate() throws {
    _ = try reportFormats()
    _ = try parsedPathMaps()
  }

  func reportFormats() throws -> [ReportFormat] {
    var result: [ReportFormat] = []
    for name in formats {
      if name == "all" { return ReportFormat.allCases }
      guard let format = ReportFormat(rawValue: name) else {
        throw ValidationError("unknown format '\(name)'; valid formats: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")), all")
      }
      if !result.contains(format) { result.append(format) }
    }
    return result
  }

  func parsedPathMaps() throws -> [PathMap] {
    try pathMaps.map { argument in
      guard let map = PathMap(argument: argument) else {
        throw ValidationError("--path-map takes OLD=NEW with both sides non-empty, got '\(argument)'")
      }
      return map
    }
  }

  /// The absolute, standardized package root.
  var packageRoot: String {
    let url = URL(fileURLWithPath: packagePath, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    return url.standardizedFileURL.resolvingSymlinksInPath().path
  }

  func outputFolder(root: String) -> String {
    guard let output else { return "\(root)/.build/covgate" }
    return URL(fileURLWithPath: output, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL.path
  }

  func configPath(root: String) -> (path: String, required: Bool) {
    guard let config else { return ("\(root)/\(ConfigLoader.fileName)", false) }
    return (URL(fileURLWithPath: config, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL.path, true)
  }

  /// The absolute path of the `--package-description` file, if one was given.
  var packageDescriptionPath: String? {
    packageDescription.map {
      URL(fileURLWithPath: $0, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL.path
    }
  }
}
