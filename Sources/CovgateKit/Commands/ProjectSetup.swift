import CoverageGate
import CovgateSupport
import Foundation

/// `covgate init`'s work: a commented starter config from the project's targets, and the run
/// history's folder kept out of git.
public enum ProjectSetup {
  /// Writes the starter config of the project at `root` to `configFile`, telling `observer`
  /// how the project was read; with `xccovReport`, an app's targets are the ones it names.
  ///
  /// - Throws: `InitError` when the file exists and `force` is false.
  public static func writeStarterConfig(
    root: String, to configFile: ConfigFile, force: Bool, xccovReport: String?,
    services: PipelineServices
  ) throws {
    let path = configFile.path
    if FileManager.default.fileExists(atPath: path), !force {
      throw InitError(path: path)
    }
    let starter = try StarterProject.describe(
      root: root, xccovReport: xccovReport, services: services)
    starter.notes.forEach(services.observer.notice)
    let text =
      switch starter.targetsFrom {
      case .package: StarterConfig.text(for: starter.project)
      case .xccovReport: StarterConfig.appText(for: starter.project, fromReport: true)
      case .folders(let bazel): StarterConfig.appText(for: starter.project, bazel: bazel)
      }
    try AtomicFile.write(Data(text.utf8), to: path)
  }

  /// The `.gitignore` entry of the history's folder (`.covgate/`).
  public static let historyFolder = GitIgnore.historyFolder

  /// Makes the history's folder in the package, so that from now on runs are recorded there,
  /// and adds it to the package's `.gitignore`. Returns the `.gitignore`'s path when it added
  /// the entry, nil when the folder was already ignored.
  public static func keepHistoryOutOfGit(root: String) throws -> String? {
    try FileManager.default.createDirectory(
      atPath: (root as NSString).appendingPathComponent(HistorySettings.packageFolder),
      withIntermediateDirectories: true)
    let ignore = GitIgnore(path: "\(root)/.gitignore")
    let added = try ignore.add(
      GitIgnore.historyFolder, comment: "covgate's run history (covgate init)")
    return added ? ignore.path : nil
  }
}

/// `covgate init` on a package that has a config already, without `--force`.
public struct InitError: Error, CustomStringConvertible {
  public var path: String
  public var description: String {
    "\(path) already exists; edit it, or pass --force to replace it"
  }
}
