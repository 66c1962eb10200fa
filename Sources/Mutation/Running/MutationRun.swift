import CoverageAcquisition
import CoverageGate
import CoverageModel
import CovgateSupport
import Foundation

/// `covgate mutate`: mutation testing of the lines in scope, in a copy of the package.
///
/// 1. The copy is synced and its tests run one per process with coverage (the pipeline's own
///    per-test run): the test map says which tests ran each line, and how long each took.
/// 2. Every mutant of the lines in scope (gated layers only) is written into the copy behind a
///    switch and the copy is built once; mutants the compiler refuses are unviable.
/// 3. Each mutant runs only the tests that ran its line, fastest first, each in a child of a
///    test server with `COVGATE_MUTANT` set, until one fails; no test: no coverage.
public struct MutationRun: Sendable {
  public let settings: MutationSettings
  public let services: MutationServices

  public init(settings: MutationSettings, services: MutationServices) {
    self.settings = settings
    self.services = services
  }

  public func run() throws -> MutationReport {
    try checkFilesInScopeExist()
    let scope = try scopeLines()
    // One run at a time in a workspace: a second waits, said once (two jobs on one runner, or a
    // developer running it twice, would otherwise rewrite each other's copy and results).
    try FileManager.default.createDirectory(
      atPath: settings.workspace, withIntermediateDirectories: true)
    let lock = try FileLock.acquire(path: "\(settings.workspace)/lock") { holder in
      services.notice(
        "covgate: waiting for another covgate mutate\(holder.map { " (process \($0))" } ?? "") to finish: it uses this package's mutation workspace, \(settings.workspace)"
      )
    }
    defer { lock.release() }
    let copy = PackageCopy(source: settings.packageRoot, copy: "\(settings.workspace)/package")
    try copy.sync()

    let baselineStart = Date()
    let baseline = try baselineReport(root: copy.copy)
    guard let testMap = baseline.testMap else { throw MutationError.noTestMap }
    let baselineSeconds = Date().timeIntervalSince(baselineStart)

    try checkFilesInScopeAreGated(in: baseline)
    let (files, skipped) = try sites(in: baseline, scope: scope, root: copy.copy)
    var mutants: [Mutant] = []
    var byFile: MutatedBuild.FileMutants = [:]
    var originals: [String: String] = [:]
    for (file, text, sites) in files {
      originals[file] = text
      for site in sites {
        let id = mutants.count + 1
        mutants.append(
          Mutant(
            id: id, file: file, line: site.line, column: site.column, kind: site.kind,
            original: site.original, mutated: site.mutated, isStatic: site.isStatic))
        byFile[file, default: []].append((site, id))
      }
    }

    // Every shard finds and builds every mutant (so each one's unviable ones are the whole
    // run's) and runs only its own.
    let shard = settings.shard.map { shard in
      MutantSplit.shard(
        shard.index, of: shard.count, mutants: mutants, times: settings.shardTimes,
        commit: services.commit(settings.packageRoot), baseCommit: scope.baseCommit)
    }
    let owned = shard.map { Set($0.mutants) }

    services.phase(.build)
    let buildStart = Date()
    let toolchain = try services.tests.locateToolchain()
    let flags = mutantBuildFlags
    let build = MutatedBuild(
      copy: copy.copy,
      build: {
        try services.tests.buildTestsKeepingOutput(
          root: copy.copy, flags: flags, toolchain: toolchain)
      })
    // The copy's sources as they were, dates included, whatever happens: the next run's build
    // with coverage then has nothing to compile again.
    let dates = MutatedBuild.modificationDates(of: Array(originals.keys), in: copy.copy)
    defer { build.restore(originals, dates: dates) }
    let unviable = mutants.isEmpty ? [] : try build.run(byFile, originals: originals)
    let buildSeconds = Date().timeIntervalSince(buildStart)

    services.phase(.mutants)
    let mutantsStart = Date()
    let results = try outcomes(
      of: mutants.filter { owned?.contains($0.id) ?? true }, unviable: unviable,
      testMap: testMap, toolchain: toolchain, root: copy.copy, files: baseline.files,
      originals: originals)
    return Self.report(
      MutationReport(
        packageName: baseline.packageName, scope: scope.description, results: results,
        skipped: skipped,
        seconds: .init(
          baseline: baselineSeconds, build: buildSeconds,
          mutants: Date().timeIntervalSince(mutantsStart))),
      shard: shard, config: settings.config, notice: services.notice)
  }

  // MARK: - Steps

  /// `--file` names files of the package: a typo fails before anything is built.
  private func checkFilesInScopeExist() throws {
    guard case .files(let paths) = settings.scope else { return }
    for path in paths {
      var folder: ObjCBool = false
      guard !path.hasPrefix("/"), !path.hasPrefix("../"),
        FileManager.default.fileExists(
          atPath: "\(settings.packageRoot)/\(path)", isDirectory: &folder),
        !folder.boolValue
      else { throw MutationError.notAFile(path) }
    }
  }

  /// `--file` names sources of gated layers: a file no gate measures fails, never "passes" on
  /// no mutant.
  private func checkFilesInScopeAreGated(in report: CoverageReport) throws {
    guard case .files(let paths) = settings.scope else { return }
    let gated = Set(report.layers.filter(\.gated).map(\.name))
    for path in paths {
      guard path.hasSuffix(".swift"), let file = report.files.first(where: { $0.path == path })
      else { throw MutationError.notMeasured(path) }
      guard gated.contains(file.layer) else {
        throw MutationError.notGated(path, layer: file.layer)
      }
    }
  }

  /// The lines to mutate, per package-relative file; nil: every line of every file.
  private func scopeLines() throws -> MutationScope {
    switch settings.scope {
    case .all: return MutationScope(lines: nil, description: MutationReport.wholeRunScope)
    case .files(let relative):
      return MutationScope(
        lines: Dictionary(relative.map { ($0, nil as Set<Int>?) }) { first, _ in first },
        description: relative.count == 1 ? relative[0] : "\(relative.count) files")
    case .changes(let base):
      let changes = try services.changes(base, settings.packageRoot)
      return MutationScope(
        lines: Dictionary(changes.files.map { ($0.path, Set($0.addedLines)) }) { $1 },
        description: "lines changed since \(base)", baseCommit: changes.baseCommit)
    }
  }

  /// The copy's tests run one per process with coverage, as `covgate run --per-test` runs them.
  private func baselineReport(root: String) throws -> CoverageReport {
    var config = settings.config
    config.patch.base = nil
    return try services.baseline(
      BaselineRun(
        root: root, config: config,
        perTest: PerTestSettings(jobs: settings.jobs, freshProcesses: settings.freshProcesses),
        outputFolder: "\(settings.workspace)/baseline"))
  }

  /// The mutated build goes to a build folder of its own, without coverage: the copy's build
  /// with coverage stays as the first run left it, and mutants run uninstrumented, faster.
  var mutantBuildFlags: [String] { ["--scratch-path", "\(settings.workspace)/build"] }

}
