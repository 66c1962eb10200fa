import CoverageAcquisition
import CoverageGate
import CoverageModel
import CoverageReports
import Foundation

/// What the pipeline reaches outside the process through: the toolchain, Xcode's tools, git,
/// the measured package's files, the history database, the output folder and whoever watches.
/// The CLI passes the live ones; unit tests pass fakes. Besides these the pipeline writes only
/// scratch folders of its own (exports of profile data, result bundles, repeated runs' outputs)
/// and, when asked (`--update-baseline`, `baseline save`), the committed baseline file.
public struct PipelineServices: Sendable {
  public var acquisition: any CoverageAcquiring
  public var changes: any ChangeProviding
  /// Opens the history database at a path.
  public var openHistory: @Sendable (String) throws -> any HistoryStoring
  public var output: any ReportOutput
  public var observer: any PipelineObserving
  /// The commit and branch of the package at a path (the test map is keyed by the commit).
  public var revision: @Sendable (String) -> SourceRevision
  /// `xcodebuild` and `xcrun xccov`, for Xcode projects on a Mac.
  public var xcode: any XcodeRunning
  /// The measured package's files: which target folders are here, the baseline, symlinks.
  public var files: any PackageFiles

  public init(
    acquisition: any CoverageAcquiring, changes: any ChangeProviding,
    openHistory: @escaping @Sendable (String) throws -> any HistoryStoring,
    output: any ReportOutput, observer: any PipelineObserving,
    revision: @escaping @Sendable (String) -> SourceRevision = SourceRevision.live(root:),
    xcode: any XcodeRunning = LiveXcodeTools(), files: any PackageFiles = DiskFiles()
  ) {
    self.xcode = xcode
    self.files = files
    self.acquisition = acquisition
    self.changes = changes
    self.openHistory = openHistory
    self.output = output
    self.observer = observer
    self.revision = revision
  }
}

/// The measured package's files as the pipeline reads them (live: `DiskFiles`): whether a
/// target's folder is here, the committed baseline, a build folder named on the command line, and
/// the symlinks files are scoped through. Sources' text comes through `PackageSources`.
public protocol PackageFiles: SymlinkResolving {
  func exists(_ path: String) -> Bool
  func isFolder(_ path: String) -> Bool
  /// The file's bytes, `nil` when there is no such file.
  func contents(_ path: String) -> Data?
}

/// The lines changed since a base (git, live).
public protocol ChangeProviding: Sendable {
  func changes(since base: String, root: String) throws -> ChangeSet
  /// Fails as `changes(since:root:)` would on a base it cannot measure from (no repository,
  /// an unknown ref), without reading the changes: a run checks it before building.
  func checkBase(_ base: String, root: String) throws
  /// The changes since the merge base with `base` in the line numbers of the test map's
  /// version of each file (made at `mapCommit`), the files the map cannot answer for, and the
  /// merge base.
  func affectedChanges(since base: String, mapCommit: String, root: String) throws
    -> (changes: [AffectedTests.Change], stale: [String], mergeBase: String)
}

/// The runs recorded so far, and this one once it is published.
public protocol HistoryStoring {
  /// The latest `limit` earlier runs, oldest first.
  func recentPoints(limit: Int) throws -> [HistoryPoint]
  /// The point this run adds to the trend.
  func point(for report: CoverageReport) -> HistoryPoint
  /// Appends this run.
  func record(_ report: CoverageReport) throws
}

/// Writes the rendered reports into a folder: all of them or none.
public protocol ReportOutput: Sendable {
  func write(_ files: [RenderedFile], to folder: String) throws
}

/// Hears what the pipeline does; the CLI prints it.
public protocol PipelineObserving: Sendable {
  /// A phase begins.
  func phase(_ phase: Phase)
  /// Something the user should know that does not change the outcome (a warning, a note).
  func notice(_ message: String)
}
