import CoverageAcquisition
import CoverageGate
import Foundation

/// The config file a command reads: the one the command line names, which must then exist, or
/// the package's `.covgate.yml`, whose absence means the built-in defaults.
public struct ConfigFile: Sendable, Equatable {
  public var path: String
  /// Whether a missing file is an error (it is when the command line named it).
  public var required: Bool

  /// `given` (an absolute path) when the command line names a file, else the package's own.
  public init(given: String?, root: String) {
    path = given ?? "\(root)/\(ConfigLoader.fileName)"
    required = given != nil
  }

  /// The config that applies to the package at `root`: the file's, or the defaults of a
  /// package (its `Package.swift` at `root`, or its description given, `describedAsPackage`)
  /// or else of an app.
  func load(root: String, describedAsPackage: Bool = false) throws -> GateConfig {
    try ConfigLoader.load(path: path, required: required)
      ?? (describedAsPackage || ProjectDescriber.isPackage(root: root) ? .defaults : .appDefaults)
  }
}
