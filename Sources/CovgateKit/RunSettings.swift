import CoverageAcquisition
import CoverageGate
import CoverageModel
import CoverageReports
import Foundation

/// Everything a run needs to know, decided once from the flags and the config before anything
/// runs: later stages read it and never look at flags or the environment.
public struct RunSettings: Sendable {
  /// Absolute path of the package root.
  public var packageRoot: String
  /// The config that applies (the file's, or the built-in defaults).
  public var config: GateConfig
  /// Where the coverage comes from.
  public var source: CoverageSource
  /// A package description file to read instead of running `swift package describe`.
  public var packageDescriptionPath: String?
  /// The folder the reports are written to.
  public var outputFolder: String
  public var formats: [ReportFormat]
  public var pathMaps: [PathMap]
  /// The ref patch coverage is measured against, from the flag or the config.
  public var base: String?
  /// Whether this run is read from and recorded in the history database.
  public var recordsHistory: Bool
  /// Whether `--update-baseline` raises the baseline where coverage rose.
  public var updatesBaseline: Bool
  /// Whether the caller points at uncovered lines itself (GitHub annotations), so line views
  /// are kept even when no format shows lines.
  public var annotatesLines: Bool
  /// The title and revision the HTML and Markdown reports show (`--title`, `--revision`).
  public var heading = ReportHeading()
  /// A covgate mutate run's JSON whose findings the reports show (`--mutation-report`).
  public var mutationReport: String?
  /// Whether branch outcomes are derived from the sources and their regions (the config's
  /// `branches.derive`).
  public var derivesBranches: Bool { config.derivesBranches }

  public init(
    packageRoot: String, config: GateConfig, source: CoverageSource,
    packageDescriptionPath: String? = nil, outputFolder: String? = nil,
    formats: [ReportFormat] = [.text, .json], pathMaps: [PathMap] = [], base: String? = nil,
    recordsHistory: Bool? = nil, updatesBaseline: Bool = false, annotatesLines: Bool = false,
    cacheFolder: String? = nil
  ) {
    self.cacheFolder = cacheFolder
    self.packageRoot = packageRoot
    self.config = config
    self.source = source
    self.packageDescriptionPath = packageDescriptionPath
    self.outputFolder = outputFolder ?? Self.defaultOutputFolder(root: packageRoot)
    self.formats = formats
    self.pathMaps = pathMaps
    self.base = base ?? config.patch.base
    self.recordsHistory = recordsHistory ?? config.history.enabled
    self.updatesBaseline = updatesBaseline
    self.annotatesLines = annotatesLines
  }

  /// Where reports, the test map and caches go unless `--output` says otherwise.
  public static func defaultOutputFolder(root: String) -> String { "\(root)/\(outputFolderName)" }

  /// The default output folder relative to the package root, as help texts name it.
  public static let outputFolderName = ".build/covgate"

  /// The history database's path (`HistorySettings.location`); nil: no run is recorded.
  public var historyPath: String?

  /// The committed baseline file's path.
  public var baselinePath: String { BaselineFile(root: packageRoot, config: config).path }

  /// Where covgate keeps what it can reuse between runs (the package description, demangled
  /// names, the decisions parsed): the user's cache folder, never the measured package; nil,
  /// nothing is kept.
  public var cacheFolder: String?

  /// Whether function records must be read: several exports are merged per function, some
  /// formats show functions, and exclusion markers recompute figures from them (the pipeline
  /// also reads them to derive branches).
  func readsFunctions(exportCount: Int, hasMarkers: Bool) -> Bool {
    exportCount > 1 || hasMarkers || formats.contains(where: \.needsFunctions)
  }

  /// Whether line views must be kept: formats that show lines, patch coverage, exclusion
  /// markers and line annotations read them; otherwise a file is only its summary.
  func keepsLineViews(hasMarkers: Bool) -> Bool {
    hasMarkers || base != nil || annotatesLines || formats.contains(where: \.needsLineViews)
  }
}

/// Where a run's coverage comes from.
public enum CoverageSource: Sendable, Equatable {
  /// Run `swift test` with these extra arguments, stopping it after `timeout` seconds.
  /// With `repeat` above 1, the tests run that many times: the figures are the runs' merged, and
  /// what varied between them is listed.
  case tests(
    arguments: [String], timeout: TimeInterval? = nil, perTest: PerTestSettings? = nil,
    repeat: Int = 1)
  /// Read these llvm-cov export files (several are merged); with `buildFolder`, first export
  /// the coverage of tests that already ran there; with `profile`, first export an indexed
  /// profile and its binaries (Xcode's build data).
  case exports([String], buildFolder: String? = nil, profile: ProfileExport? = nil)
  /// Read files another tool wrote (xccov's JSON, LCOV, Cobertura) with their format's reader;
  /// several files of one format merge.
  case read(InputFormat, InputFiles)
  /// Read Xcode result bundles through `xcrun xccov` (macOS); several are merged line by line.
  case xcresults([String])
  /// Run `xcodebuild test` with coverage into a result bundle, then read it as `xcresults`.
  case xcodeTests(XcodeTestRequest)
}
