import CoverageAcquisition
import CoverageGate
import CoverageModel
import CovgateSupport
import Foundation
import SourceAnalysis

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
  public let services: PipelineServices

  public init(settings: MutationSettings, services: PipelineServices) {
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
      services.observer.notice(
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
            original: site.original, mutated: site.mutated))
        byFile[file, default: []].append((site, id))
      }
    }

    // Every shard finds and builds every mutant (so each one's unviable ones are the whole
    // run's) and runs only its own.
    let shard = settings.shard.map { shard in
      MutantSplit.shard(
        shard.index, of: shard.count, mutants: mutants, times: settings.shardTimes,
        commit: services.revision(settings.packageRoot).commit, baseCommit: scope.baseCommit)
    }
    let owned = shard.map { Set($0.mutants) }

    services.observer.phase(.mutatedBuild)
    let buildStart = Date()
    let runner = try testRunner()
    let flags = mutantBuildFlags
    let build = MutatedBuild(
      copy: copy.copy,
      build: { try runner.buildTestsKeepingOutput(root: copy.copy, flags: flags) })
    // The copy's sources as they were, dates included, whatever happens: the next run's build
    // with coverage then has nothing to compile again.
    let dates = MutatedBuild.modificationDates(of: Array(originals.keys), in: copy.copy)
    defer { build.restore(originals, dates: dates) }
    let unviable = mutants.isEmpty ? [] : try build.run(byFile, originals: originals)
    let buildSeconds = Date().timeIntervalSince(buildStart)

    services.observer.phase(.mutants)
    let mutantsStart = Date()
    let results = try outcomes(
      of: mutants.filter { owned?.contains($0.id) ?? true }, unviable: unviable,
      testMap: testMap, runner: runner, root: copy.copy, files: baseline.files,
      originals: originals)
    return Self.report(
      MutationReport(
        packageName: baseline.packageName, scope: scope.description, results: results,
        skipped: skipped,
        seconds: .init(
          baseline: baselineSeconds, build: buildSeconds,
          mutants: Date().timeIntervalSince(mutantsStart))),
      shard: shard, config: settings.config, observer: services.observer)
  }

  /// `found` as reported: survivors the config accepts as equivalent made `accepted`, then the
  /// gate's verdicts. A shard's report (`shard` set) holds a part of the run: it is not gated,
  /// and says nothing of accept entries its part does not match (another part may);
  /// `covgate mutate merge` does both on the whole.
  static func report(
    _ found: MutationReport, shard: MutationShard?, config: GateConfig,
    observer: any PipelineObserving
  ) -> MutationReport {
    var results = found.results
    let unmatched = accept(&results, entries: config.mutation.accepted)
    var report = MutationReport(
      packageName: found.packageName, scope: found.scope, results: results,
      skipped: found.skipped, seconds: found.seconds)
    report.shard = shard
    guard shard == nil else { return report }
    for entry in unmatched {
      observer.notice(
        "covgate: warning: mutation.accept names `\(entry.code)` -> `\(entry.mutant)` in \(entry.file), which no surviving mutant of this run is: remove the entry"
      )
    }
    report.verdicts = MutationGate.verdicts(report.layers, config: config)
    return report
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
    case .all: return MutationScope(lines: nil, description: "every line of the gated layers")
    case .files(let relative):
      return MutationScope(
        lines: Dictionary(relative.map { ($0, nil as Set<Int>?) }) { first, _ in first },
        description: relative.count == 1 ? relative[0] : "\(relative.count) files")
    case .changes(let base):
      let changes = try services.changes.changes(since: base, root: settings.packageRoot)
      return MutationScope(
        lines: Dictionary(changes.files.map { ($0.path, Set($0.addedLines)) }) { $1 },
        description: "lines changed since \(base)", baseCommit: changes.baseCommit)
    }
  }

  /// The copy's tests run one per process with coverage, as `covgate run --per-test` runs them.
  private func baselineReport(root: String) throws -> CoverageReport {
    var config = settings.config
    config.patch.base = nil
    let run = RunSettings(
      packageRoot: root, config: config,
      source: .tests(
        arguments: [], timeout: nil,
        perTest: PerTestSettings(jobs: settings.jobs, freshProcesses: settings.freshProcesses),
        repeat: 1),
      outputFolder: "\(settings.workspace)/baseline", formats: [], recordsHistory: false)
    return try Pipeline(settings: run, services: services).acquireAndEvaluate()
  }

  /// Each file of a gated layer in scope, its text and its sites; the code not mutated.
  private func sites(in report: CoverageReport, scope: MutationScope, root: String) throws -> (
    [(String, String, [MutationSite])], [SkippedMutationSite]
  ) {
    let gated = Set(report.layers.filter(\.gated).map(\.name))
    let excluded = Dictionary(grouping: report.exclusions, by: \.path)
    var files: [(String, String, [MutationSite])] = []
    var skipped: [SkippedMutationSite] = []
    for file in report.files where gated.contains(file.layer) && file.path.hasSuffix(".swift") {
      guard let lines = scope.lines(of: file.path),
        let text = try? String(contentsOfFile: "\(root)/\(file.path)", encoding: .utf8)
      else { continue }
      let markers = excluded[file.path] ?? []
      let found = MutantFinder.sites(
        in: text, file: file.path,
        inScope: { line in lines.map { $0.contains(line) } ?? true },
        ignoredCalls: Set(settings.config.mutation.ignoredCalls))
      var kept: [MutationSite] = []
      for site in found.sites {
        if markers.contains(where: {
          $0.wholeFile || ($0.firstLine...$0.lastLine).contains(site.line)
        }) {
          skipped.append(
            SkippedMutationSite(
              file: file.path, line: site.line, reason: "under a covgate:ignore marker"))
        } else {
          kept.append(site)
        }
      }
      skipped += found.skipped
      if !kept.isEmpty { files.append((file.path, text, kept)) }
    }
    return (
      files,
      Array(Set(skipped)).sorted { ($0.file, $0.line, $0.reason) < ($1.file, $1.line, $1.reason) }
    )
  }

  /// The mutated build goes to a build folder of its own, without coverage: the copy's build
  /// with coverage stays as the first run left it, and mutants run uninstrumented, faster.
  private var mutantBuildFlags: [String] { ["--scratch-path", "\(settings.workspace)/build"] }

  private func testRunner() throws -> TestRunner {
    let toolchain = try services.acquisition.locateToolchain()
    return TestRunner(toolchain: toolchain, platform: currentPlatform())
  }

  /// Runs the tests of every mutant that compiled and has tests.
  private func outcomes(
    of mutants: [Mutant], unviable: Set<Int>, testMap: TestMap, runner: TestRunner, root: String,
    files: [ScopedFile], originals: [String: String]
  ) throws -> [MutantResult] {
    let places = Dictionary(files.map { ($0.path, ($0.target, $0.layer)) }) { first, _ in first }
    var results = mutants.map { mutant in
      let (target, layer) = places[mutant.file] ?? ("", "")
      return MutantResult(
        mutant: mutant, target: target, layer: layer,
        outcome: unviable.contains(mutant.id) ? .unviable : .noCoverage)
    }
    let runnable = results.indices.filter { !unviable.contains(results[$0].mutant.id) }
    guard !runnable.isEmpty else { return results }
    let (tests, launcher) = try runner.testsAndLauncher(
      root: root, flags: mutantBuildFlags, fresh: settings.freshProcesses)
    let byID = Dictionary(tests.map { ($0.id, $0) }) { first, _ in first }
    var cache =
      settings.usesCache ? MutationCache(path: "\(settings.workspace)/results.json") : nil
    let testCode =
      cache == nil ? "" : MutationCache.testCode(root: root, measured: Set(files.map(\.path)))
    // The map's index of tests by function, built once for every mutant's question.
    let byFunction = testMap.testsByFunction()
    var keys: [Int: String] = [:]
    var jobs: [MutantRunner.Job] = []
    var jobIndexes: [Int] = []
    for index in runnable {
      let mutant = results[index].mutant
      guard
        case .tests(let covering) = testMap.answerByLine(
          file: mutant.file, line: mutant.line, byFunction: byFunction)
      else { continue }
      let planned = covering.filter { $0.status == .passed }.sorted { $0.seconds < $1.seconds }
        .compactMap { result in byID[result.id].map { (test: $0, timeout: timeout(result.seconds)) }
        }
      guard !planned.isEmpty else { continue }
      results[index].tests = planned.map(\.test.id)
      if cache != nil {
        let key = MutationCache.key(
          mutant, fileText: originals[mutant.file] ?? "", testCode: testCode,
          tests: results[index].tests)
        keys[index] = key
        if let kept = cache?.entries[key] {
          results[index].outcome = kept.outcome
          results[index].killedBy = kept.killedBy
          results[index].tests = kept.tests
          results[index].cached = true
          continue
        }
      }
      jobs.append(MutantRunner.Job(mutant: mutant.id, tests: planned))
      jobIndexes.append(index)
    }
    let run = try MutantRunner(launcher: launcher, jobs: settings.jobs).run(
      jobs, in: root, folder: "\(settings.workspace)/mutants")
    for note in run.notes { services.observer.notice(note) }
    for (index, outcome) in zip(jobIndexes, run.outcomes) {
      results[index].outcome =
        switch outcome.ending {
        case .killed: .killed
        case .crashed: .crashed
        case .timedOut: .timedOut
        case .survived: .survived
        }
      results[index].killedBy = outcome.test
      results[index].tests = Array(results[index].tests.prefix(outcome.testsRun))
      results[index].seconds = outcome.seconds
      if let key = keys[index] { cache?.record(key, results[index]) }
    }
    // A cache that cannot be saved only costs the next run time.
    try? cache?.save()
    return results
  }

  /// Survivors the config accepts as equivalent become `accepted`. Returns the entries for a
  /// file that had mutants but matching none of its survivors (the code changed, or a test now
  /// kills it): they should go. Idempotent, so a merge applies it again to shards' results.
  static func accept(_ results: inout [MutantResult], entries: [GateConfig.AcceptedMutant])
    -> [GateConfig.AcceptedMutant]
  {
    let mutatedFiles = Set(results.map(\.mutant.file))
    return entries.filter { entry in
      var matched = false
      for index in results.indices
      where results[index].outcome == .survived || results[index].outcome == .accepted {
        let mutant = results[index].mutant
        if mutant.file == entry.file, mutant.original == entry.code,
          mutant.mutated == entry.mutant
        {
          results[index].outcome = .accepted
          matched = true
        }
      }
      return !matched && mutatedFiles.contains(entry.file)
    }
  }

  /// A test's limit: `timeoutFactor` times its first run, never below `timeoutFloor` seconds.
  private func timeout(_ seconds: Double) -> TimeInterval {
    max(settings.timeoutFloor, seconds * settings.timeoutFactor)
  }
}

/// The lines `covgate mutate` mutates.
struct MutationScope {
  /// Per package-relative file, its lines (nil: all of them); nil: every file, every line.
  var lines: [String: Set<Int>?]?
  var description: String
  /// The commit `--base` resolved to (the merge base); nil for `--file` and `--all`.
  var baseCommit: String? = nil

  /// The lines of `file` in scope: nil when the file is not, `.some(nil)` for every line.
  func lines(of file: String) -> Set<Int>?? {
    guard let lines else { return .some(nil) }
    return lines[file]
  }
}
