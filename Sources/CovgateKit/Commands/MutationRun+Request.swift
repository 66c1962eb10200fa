import CoverageModel
import CoverageReports
import CovgateSupport
import Foundation

/// A finished `covgate mutate`: its text report and whether every gated layer's score met its
/// minimum.
public struct MutationRunResult: Sendable {
  /// The text report, when the text format was chosen.
  public var text: String?
  public var passed: Bool
}

extension MutationRun {
  /// The mutation run `request` asks for, with its reports written to the output folder; the
  /// config is read here, once.
  ///
  /// - Throws: `MutationError.noScope` when neither the request nor the config says which
  ///   lines to mutate; `UsageError` when there is no cache folder for the package's copy.
  public static func run(_ request: MutationRequest, observer: any PipelineObserving) throws
    -> MutationRunResult
  {
    let root = request.packageRoot
    let config = try request.configFile.load(root: root)
    let scope: MutationSettings.Scope
    if request.all {
      scope = .all
    } else if !request.files.isEmpty {
      scope = .files(request.files)
    } else if let base = request.base ?? config.patch.base {
      scope = .changes(since: base)
    } else {
      throw MutationError.noScope
    }
    guard let cache = CacheFolder.forPackage(root) else {
      throw UsageError(
        "covgate mutate keeps a copy of the package in the cache folder: set HOME or XDG_CACHE_HOME"
      )
    }
    var settings = MutationSettings(
      packageRoot: root, config: config, scope: scope, workspace: "\(cache)/mutate",
      freshProcesses: request.freshProcesses, timeoutFactor: request.timeoutFactor)
    if let jobs = request.jobs { settings.jobs = jobs }
    settings.usesCache = request.usesCache
    let report = try MutationRun(
      settings: settings, services: .live(root: root, observer: observer)
    ).run()
    let folder = request.outputFolder ?? RunSettings.defaultOutputFolder(root: root)
    let chosen = try MutationFormat.chosen(request.formats)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let pending = try MutationReportFiles(report: report, root: root, folder: folder)
      .files(chosen).map { file in AtomicFile.Pending(path: file.path, parts: { [file.contents] }) }
    try ReportFolder.write(pending, to: folder, manifest: ReportFolder.mutationManifest)
    return MutationRunResult(
      text: chosen.contains(.text) ? MutationTextReport.render(report) : nil,
      passed: report.passed)
  }
}
