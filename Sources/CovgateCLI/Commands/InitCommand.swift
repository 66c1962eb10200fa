import ArgumentParser
import CoverageGate
import CovgateKit
import CovgateSupport
import Foundation

/// `covgate init`: write a commented starter `.covgate.yml` from the package's targets, and
/// keep the run history out of git.
struct InitCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "init",
    abstract:
      "Write a starter .covgate.yml for the package, or for an Xcode project without Package.swift."
  )

  @OptionGroup var package: PackageOptions

  @Flag(help: "Overwrite an existing config file.")
  var force = false

  @Option(
    name: .customLong("xccov-report"),
    help: ArgumentHelp(
      "For an Xcode project: take the targets from this `xccov view --report --json` file (the targets it names, by their files' folders).",
      valueName: "file"))
  var xccovReport: String?

  func run() throws {
    let terminal = Terminal()
    try reportingErrors(terminal) {
      let root = try package.packageRoot()
      let path = package.configPath(root: root).path
      if FileManager.default.fileExists(atPath: path), !force {
        throw InitError(path: path)
      }
      let starter = try StarterProject.describe(
        root: root, xccovReport: xccovReport,
        services: PipelineServices.live(root: root, observer: Terminal()))
      starter.notes.forEach(terminal.printError)
      let text =
        switch starter.targetsFrom {
        case .package: StarterConfig.text(for: starter.project)
        case .xccovReport: StarterConfig.appText(for: starter.project, fromReport: true)
        case .folders(let bazel): StarterConfig.appText(for: starter.project, bazel: bazel)
        }
      try AtomicFile.write(Data(text.utf8), to: path)
      print("wrote \(path)")
      // The history's folder: from now on runs are recorded in the package (kept out of git).
      try FileManager.default.createDirectory(
        atPath: (root as NSString).appendingPathComponent(HistorySettings.packageFolder),
        withIntermediateDirectories: true)
      let ignore = GitIgnore(path: "\(root)/.gitignore")
      if try ignore.add(GitIgnore.historyFolder, comment: "covgate's run history (covgate init)") {
        print("added \(GitIgnore.historyFolder) to \(ignore.path)")
      }
      return .success
    }
  }
}

struct InitError: Error, CustomStringConvertible {
  var path: String
  var description: String { "\(path) already exists; edit it, or pass --force to replace it" }
}
