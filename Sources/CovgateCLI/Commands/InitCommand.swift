import ArgumentParser
import CovgateKit

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
      let configFile = package.configFile(root: root)
      try ProjectSetup.writeStarterConfig(
        root: root, to: configFile, force: force, xccovReport: xccovReport,
        services: .live(root: root, observer: terminal))
      print("wrote \(configFile.path)")
      // The history's folder: from now on runs are recorded in the package (kept out of git).
      if let gitIgnore = try ProjectSetup.keepHistoryOutOfGit(root: root) {
        print("added \(ProjectSetup.historyFolder) to \(gitIgnore)")
      }
      return .success
    }
  }
}
