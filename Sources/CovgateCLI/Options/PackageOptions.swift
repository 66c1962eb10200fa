import ArgumentParser
import CovgateKit
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

  /// The config file of the package at `root`: the one `--config` names (it must exist), or
  /// the package's own.
  func configFile(root: String) -> ConfigFile {
    ConfigFile(given: config.map { absolute($0).path }, root: root)
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
