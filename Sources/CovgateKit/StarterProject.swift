import CoverageAcquisition
import CoverageGate
import CoverageModel
import CoverageReaders
import Foundation

/// The project `covgate init` writes a starter config for: a package's targets from its
/// manifest, an app's from the xccov report it names, or folders found by looking (an Xcode
/// project, a Bazel workspace).
public struct StarterProject {
  /// Where the project's targets come from.
  public enum TargetsFrom: Sendable, Equatable {
    /// A Swift package: its manifest's targets.
    case package
    /// An Xcode project's targets as its xccov report names them.
    case xccovReport
    /// Folders with sources, found by looking; `bazel` when a workspace file says whose.
    case folders(bazel: Bool)
  }

  public var project: PackageInfo
  public var targetsFrom: TargetsFrom
  /// What init should tell the user about how it read the project.
  public var notes: [String] = []

  /// The project at `root`; with `xccovReport`, an app's targets are the ones the report names.
  public static func describe(
    root: String, xccovReport: String?, services: PipelineServices
  ) throws -> StarterProject {
    if ProjectDescriber.isPackage(root: root) {
      let acquisition = services.acquisition
      let package = try acquisition.describePackage(
        root: root, swift: try acquisition.locateSwift(), cacheFolder: nil)
      var starter = StarterProject(project: package, targetsFrom: .package)
      if let xccovReport {
        starter.notes.append(
          "covgate: \(xccovReport) not read: \(root) is a Swift package, whose targets come from Package.swift"
        )
      }
      return starter
    }
    if let xccovReport {
      return StarterProject(
        project: try reportedProject(xccovReport, root: root, files: services.files),
        targetsFrom: .xccovReport)
    }
    return StarterProject(
      project: try ProjectDescriber.describe(root: root, targets: []),
      targetsFrom: .folders(bazel: ProjectDescriber.isBazelWorkspace(root: root)))
  }

  /// The app at `root` with the targets `report` names, each holding the files it lists.
  static func reportedProject(_ report: String, root: String, files: any PackageFiles) throws
    -> PackageInfo
  {
    let data = try XccovCoverage.read(reports: [report], archives: [])
    // The folders found by looking only help place the report's paths (another machine's).
    let folders =
      (try? ProjectDescriber.describe(root: root, targets: []))
      ?? PackageInfo(
        name: (root as NSString).lastPathComponent, root: root, targets: [],
        project: ProjectLayout())
    var project = folders
    project.targets = ReportedTargets.targets(
      data.producerTargets, package: folders, pathMaps: [], links: files)
    guard project.targets.contains(where: { $0.kind != .test }) else {
      throw StarterReportError(report: report, root: root)
    }
    return project
  }
}

/// A report that names no target with files of the project.
public struct StarterReportError: Error, CustomStringConvertible {
  public var report: String
  public var root: String
  public var description: String {
    "\(report) names no target with files under \(root) outside tests and dependencies; run init in the project the report was made for, or without --xccov-report"
  }
}
