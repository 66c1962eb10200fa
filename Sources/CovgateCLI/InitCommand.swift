import ArgumentParser
import CoverageGate
import CoverageModel
import Foundation
import LLVMCoverage

/// `covgate init`: write a commented starter `.covgate.yml` from the package's targets.
struct InitCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "init", abstract: "Write a starter .covgate.yml for the package.")

  @Option(name: .customLong("package-path"), help: "The package folder (default: the current folder).")
  var packagePath: String = "."

  @Flag(help: "Overwrite an existing .covgate.yml.")
  var force = false

  func run() throws {
    let terminal = Terminal()
    try reportingErrors(terminal) {
      var options = try CommonOptions.parse([])
      options.packagePath = packagePath
      let root = options.packageRoot
      let path = "\(root)/\(ConfigLoader.fileName)"
      if FileManager.default.fileExists(atPath: path), !force {
        throw InitError(path: path)
      }
      let package = try PackageDescriber(swift: try currentPlatform().locateSwift()).describe(root: root)
      try AtomicFile.write(Data(StarterConfig.text(for: package).utf8), to: path)
      print("wrote \(path)")
      return CovgateExit.passed
    }
  }
}

struct InitError: Error, CustomStringConvertible {
  var path: String
  var description: String { "\(path) already exists; edit it, or pass --force to replace it" }
}
