import ArgumentParser
import CoverageAcquisition
import CoverageGate
import Foundation

/// The package and its config: the options every command that reads a package shares.
struct PackageOptions: ParsableArguments {
  @Option(
    name: .customLong("package-path"),
    help: "The package folder, or an Xcode project's root (default: the current folder).")
  var packagePathOption: String?

  /// The package folder as given, the current folder when not.
  var packagePath: String { packagePathOption ?? "." }

  @Option(
    help: "The config file (default: .covgate.yml in the package, built-in defaults if absent).")
  var config: String?

  /// The absolute, standardized package root (symlinks resolved).
  ///
  /// - Throws: `PackagePathError` when the folder does not exist.
  func packageRoot() throws -> String {
    let url = absolute(packagePath).resolvingSymlinksInPath()
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
      throw PackagePathError(path: url.path, reason: "no such folder")
    }
    guard isFolder.boolValue else { throw PackagePathError(path: url.path, reason: "not a folder") }
    return url.path
  }

  /// The config file and whether it must exist (it must when named with `--config`).
  func configPath(root: String) -> (path: String, required: Bool) {
    guard let config else { return ("\(root)/\(ConfigLoader.fileName)", false) }
    return (absolute(config).path, true)
  }

  /// The config that applies to the package at `root`: its file's, or the defaults of a
  /// package (its `Package.swift` at `root`, or its description given, `describedAsPackage`)
  /// or else of an app.
  func loadConfig(root: String, describedAsPackage: Bool = false) throws -> GateConfig {
    let (path, required) = configPath(root: root)
    return try ConfigLoader.load(path: path, required: required)
      ?? (describedAsPackage || ProjectDescriber.isPackage(root: root) ? .defaults : .appDefaults)
  }
}

/// `path` made absolute against the current folder, `.` and `..` resolved.
func absolute(_ path: String) -> URL {
  URL(
    fileURLWithPath: path,
    relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  ).standardizedFileURL
}

/// A `--package-path` that is not a folder.
struct PackagePathError: Error, CustomStringConvertible {
  var path: String
  var reason: String
  var description: String {
    "--package-path \(path): \(reason); pass the folder that holds the package's Package.swift or the Xcode project"
  }
}
