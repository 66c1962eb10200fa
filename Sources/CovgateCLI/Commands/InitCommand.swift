import ArgumentParser
import CoverageAcquisition
import CoverageGate
import CovgateKit
import CovgateSupport
import CoverageModel
import Foundation
import LLVMCoverage

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
      let text: String
      if ProjectDescriber.isPackage(root: root) {
        let acquisition = PipelineServices.live(root: root, observer: Terminal()).acquisition
        text = StarterConfig.text(
          for: try acquisition.describePackage(
            root: root, swift: try acquisition.locateSwift(), cacheFolder: nil))
      } else if let xccovReport {
        text = try Self.appTextFromReport(xccovReport, root: root)
      } else {
        text = StarterConfig.appText(
          for: try ProjectDescriber.describe(root: root, targets: []),
          bazel: ProjectDescriber.isBazelWorkspace(root: root))
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

extension InitCommand {
  /// The app's starter config with the targets `report` names, each by its files' folder.
  static func appTextFromReport(_ report: String, root: String) throws -> String {
    let data = try XccovCoverage.read(reports: [report], archives: [])
    // The folders found by looking only help place the report's paths (another machine's).
    let folders =
      (try? ProjectDescriber.describe(root: root, targets: []))
      ?? PackageInfo(
        name: (root as NSString).lastPathComponent, root: root, targets: [],
        project: ProjectLayout())
    var project = folders
    project.targets = ReportedTargets.targets(
      data.producerTargets, package: folders, pathMaps: [], links: DiskFiles())
    guard project.targets.contains(where: { $0.kind != .test }) else {
      throw InitReportError(report: report, root: root)
    }
    return StarterConfig.appText(for: project, fromReport: true)
  }
}

/// A report that names no target with files of the project.
struct InitReportError: Error, CustomStringConvertible {
  var report: String
  var root: String
  var description: String {
    "\(report) names no target with files under \(root) outside tests and dependencies; run init in the project the report was made for, or without --xccov-report"
  }
}

struct InitError: Error, CustomStringConvertible {
  var path: String
  var description: String { "\(path) already exists; edit it, or pass --force to replace it" }
}
