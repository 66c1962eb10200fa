import CoverageAcquisition
import CoverageModel
import CoverageReports
import CovgateSupport
import Foundation
import LLVMCoverage
import Mutation

/// A finished `covgate mutate`: its text report and whether every gated layer's score met its
/// minimum.
public struct MutationRunResult: Sendable {
  /// The text report, when the text format was chosen.
  public var text: String?
  public var passed: Bool
  /// What the coverage reports of the same output folder show of the run (`run --mutate`).
  public var findings: MutationFindings
}

/// `covgate mutate` and `covgate mutate merge` as the command line asks for them: the mutation
/// module's run with the live services, its reports written to the output folder.
public enum MutationTesting {
  /// The mutation run `request` asks for, with its reports written to the output folder; the
  /// config is read here, once, unless the request holds it already.
  ///
  /// - Throws: `MutationError.noScope` when neither the request nor the config says which
  ///   lines to mutate; `UsageError` when there is no cache folder for the package's copy.
  public static func run(_ request: MutationRequest, observer: any PipelineObserving) throws
    -> MutationRunResult
  {
    let root = request.packageRoot
    let config = try request.config ?? request.configFile.load(root: root)
    try checkBaselineUpdate(request)
    let saved =
      request.all && request.shard == nil ? try readBaseline(root: root, config: config) : nil
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
    if let shard = request.shard {
      guard let parsed = Shard(argument: shard) else {
        throw UsageError("--shard takes K/N with 1 <= K <= N, e.g. 2/3; got '\(shard)'")
      }
      settings.shard = parsed
      settings.shardTimes = try request.testMap.map(readTestMap)
    }
    let report = try ratchet(
      MutationRun(settings: settings, services: .live(root: root, observer: observer)).run(),
      saved: saved, root: root, config: config, update: request.updatesBaseline,
      notice: observer.notice)
    return try write(
      report, root: root, folder: request.outputFolder, formats: request.formats,
      notice: observer.notice)
  }

  /// The mutation run `covgate run --mutate` makes after its own: the lines changed since the
  /// run's base, in the run's package, with the config it read and its output folder.
  ///
  /// - Throws: `MutationError.noScope` when neither `--base` nor `patch.base` gives a base.
  public static func request(after pipeline: Pipeline) throws -> MutationRequest {
    let settings = pipeline.settings
    guard let base = settings.base else { throw MutationError.noScope }
    var request = MutationRequest(
      packageRoot: settings.packageRoot,
      configFile: ConfigFile(given: nil, root: settings.packageRoot),
      base: base, outputFolder: settings.outputFolder)
    request.config = settings.config
    return request
  }

  /// `covgate mutate merge`: the shards' reports made into the whole run's, gated by the
  /// package's config and written as `covgate mutate` writes its own.
  ///
  /// - Throws: `MutationMergeError` for shards that are not every part of one run, each once.
  public static func merge(_ request: MutationMergeRequest, observer: any PipelineObserving)
    throws -> MutationRunResult
  {
    let config = try request.configFile.load(root: request.packageRoot)
    let chosen = try MutationFormat.chosen(request.formats)
    let saved = try readBaseline(root: request.packageRoot, config: config)
    let report = try ratchet(
      MutationShardMerge.merge(
        MutationShardMerge.read(request.shards), config: config, notice: observer.notice),
      saved: saved, root: request.packageRoot, config: config, update: request.updatesBaseline,
      notice: observer.notice)
    return try write(
      report, root: request.packageRoot, folder: request.outputFolder, formats: request.formats,
      chosen: chosen, notice: observer.notice)
  }

  /// The test map at `path`, read before anything runs.
  ///
  /// - Throws: `MutationError.testMap` naming the file and what is wrong with it.
  private static func readTestMap(_ path: String) throws -> TestMap {
    guard FileManager.default.fileExists(atPath: path) else {
      throw MutationError.testMap(path, reason: "no such file")
    }
    do {
      return try TestMapReader.read(path: path)
    } catch let error as TestMapError {
      throw MutationError.testMap(
        path, reason: error.reason.components(separatedBy: "; ").first ?? error.reason)
    }
  }

  /// Writes `report` in the formats named to `folder` (nil: the package's default), each file
  /// atomically, and its Markdown to GitHub's job summary when there is one; the text report is
  /// returned for standard output.
  private static func write(
    _ report: MutationReport, root: String, folder: String?, formats: [String],
    chosen: Set<MutationFormat>? = nil, gitHub: GitHubActions = GitHubActions(),
    notice: (String) -> Void
  ) throws -> MutationRunResult {
    let folder = folder ?? RunSettings.defaultOutputFolder(root: root)
    let chosen = try chosen ?? MutationFormat.chosen(formats)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let pending = try MutationReportFiles(report: report, root: root, folder: folder)
      .files(chosen).map { file in AtomicFile.Pending(path: file.path, parts: { [file.contents] }) }
    try ReportFolder.write(pending, to: folder, manifest: ReportFolder.mutationManifest)
    do {
      try gitHub.appendStepSummary(markdown: MutationMarkdownReport.render(report))
    } catch {
      notice("covgate: warning: job summary not written: \(error)")
    }
    return MutationRunResult(
      text: chosen.contains(.text) ? MutationTextReport.render(report) : nil,
      passed: report.passed,
      findings: MutationFindingsFile.findings(
        of: report, page: chosen.contains(.html) ? MutationHTMLReport.fileName : nil))
  }
}
