import CoverageAcquisition
import CoverageGate
import CoverageModel
import CovgateSupport
import Foundation

/// `covgate mutate`: mutation testing of the lines in scope, in a copy of the package, built
/// once.
///
/// 1. The mutants are found in the package's sources of gated layers (placed as a run places
///    them, before anything is built), written into the copy behind switches (mutant
///    schemata) and the copy is built once, with coverage; mutants the compiler refuses are
///    unviable.
/// 2. The copy's tests run one per process with coverage, every switch off (the pipeline's own
///    per-test run, building nothing): the test map says which tests ran each line and how
///    long each took. The schemata keep every line where it was, so the map names the
///    original lines.
///    After an edit inside the bodies that hold every mutant to run, the map waits
///    (`WaitingMap`): the tests that entered those bodies are their tests.
/// 3. Each mutant runs only the tests that ran its line, its last killer first
///    (`KillerMemory`), then fastest first, each in a child of a test server with
///    `COVGATE_MUTANT` set, until one fails; no test: no coverage.
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

    var config = settings.config
    config.patch.base = nil
    let sources = try services.sources(
      settings.packageRoot, config, "\(settings.workspace)/cache/package")
    try checkFilesInScopeAreGated(in: sources)
    let (files, skipped) = try sites(in: sources, scope: scope, root: settings.packageRoot)
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
    let copy = PackageCopy(source: settings.packageRoot, copy: "\(settings.workspace)/package")
    let memory = UnviableMemory(path: "\(settings.workspace)/unviable.json")
    let places = UnviableMemory.places(byFile, originals: originals)
    let known = memory.recalled(places)
    // The mutated files keep the text the last build of the same mutants left: unchanged, they
    // are not compiled again.
    var schemata: [String: String] = [:]
    for (file, text) in originals {
      schemata[file] = MutantSchema.apply(
        (byFile[file] ?? []).filter { !known.contains($0.id) }, to: text, file: file)
    }
    let synced = try copy.sync(replacing: schemata)
    // The build folder of the two-build design (mutants built apart, without coverage).
    try? FileManager.default.removeItem(atPath: "\(settings.workspace)/build")
    let toolchain = try services.tests.locateToolchain()
    let flags = services.coverageBuildFlags
    let build = MutatedBuild(
      copy: copy.copy,
      build: {
        try services.tests.buildTestsKeepingOutput(
          root: copy.copy, flags: flags, toolchain: toolchain)
      })
    let unviable = try build.run(byFile, originals: originals, known: known)
    memory.remember(unviable, places: places)
    let buildSeconds = Date().timeIntervalSince(buildStart)

    let baselineStart = Date()
    let copyFiles = CopyFingerprints.of(root: copy.copy)
    let owns = mutants.filter { owned?.contains($0.id) ?? true }
    let testMap = try self.testMap(
      copy: copy.copy, files: copyFiles, sources: sources, config: config,
      hasStaticMutants: mutants.contains(where: \.isStatic),
      toRun: owns.filter { !unviable.contains($0.id) },
      earlierText: { file in
        synced.previous[file].map { String(decoding: $0, as: UTF8.self) } ?? schemata[file]
          ?? (try? String(contentsOfFile: "\(copy.copy)/\(file)", encoding: .utf8))
      }, flags: flags, toolchain: toolchain)
    var baselineSeconds = Date().timeIntervalSince(baselineStart)

    services.phase(.mutants)
    let mutantsStart = Date()
    var results: [MutantResult]
    switch testMap {
    case .measured(let map):
      results = try outcomes(
        of: owns, unviable: unviable, testMap: map, toolchain: toolchain, root: copy.copy,
        files: sources.files, copyFiles: copyFiles, originals: originals)
    case .waiting(let waiting):
      if let killed = try waitingOutcomes(
        of: owns, unviable: unviable, candidates: waiting.candidates, toolchain: toolchain,
        root: copy.copy, files: sources.files, originals: originals)
      {
        waiting.keep()
        results = killed
      } else {
        services.notice(
          "covgate: note: the test map runs again: a mutant of the edited code was not killed, or its killer failed without it"
        )
        let mapStart = Date()
        let map = try waiting.measure()
        baselineSeconds += Date().timeIntervalSince(mapStart)
        results = try outcomes(
          of: owns, unviable: unviable, testMap: map, toolchain: toolchain, root: copy.copy,
          files: sources.files, copyFiles: copyFiles, originals: originals)
      }
    }
    return Self.report(
      MutationReport(
        packageName: sources.packageName, scope: scope.description, results: results,
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

  /// The test map a run's mutants choose their tests from.
  enum MapChoice {
    /// The map of the copy as built.
    case measured(TestMap)
    /// The map waits: every mutant to run lies in code edited since it was taken.
    case waiting(WaitingMap)
  }

  /// A test map not measured again after an edit inside bodies (`TestMapMemory`): the tests
  /// that entered the edited bodies are the only ones that can run them now, whatever lines
  /// they run, so they are the `candidates` of every mutant there; `measure` takes the map
  /// when an outcome needs it, `keep` keeps the last map waiting for the next run.
  struct WaitingMap {
    var candidates: [TestCaseResult]
    var measure: () throws -> TestMap
    var keep: () -> Void
  }

  /// The test map of the copy as built: the last run's where nothing changed since; else the
  /// copy's tests run one per process with coverage, as `covgate run --per-test` runs them,
  /// from the test binaries already built, only those an edit can affect where the last map
  /// says which (`TestMapMemory`); and none yet when every mutant `toRun` lies in the edited
  /// bodies (`WaitingMap`). `--no-cache` takes the whole map.
  private func testMap(
    copy: String, files: [String: String], sources: CoverageReport, config: GateConfig,
    hasStaticMutants: Bool, toRun: [Mutant], earlierText: @escaping (String) -> String?,
    flags: [String], toolchain: Toolchain
  ) throws -> MapChoice {
    let memory = TestMapMemory(path: "\(settings.workspace)/test-map.json")
    let recalled = settings.usesCache ? memory.recalled() : nil
    let measured = Set(sources.files.map(\.path))
    let earlierText = { (file: String) in recalled?.waiting[file] ?? earlierText(file) }
    let plan = TestMapMemory.plan(
      files: files, recalled: recalled.map { ($0.files, $0.map) }, measured: measured,
      hasStaticMutants: hasStaticMutants, earlierText: earlierText,
      currentText: { try? String(contentsOfFile: "\(copy)/\($0)", encoding: .utf8) })
    var perTest = PerTestSettings(jobs: settings.jobs, freshProcesses: settings.freshProcesses)
    if plan != .unchanged {
      perTest.builtTests = try services.tests.binPath(
        root: copy, flags: flags, toolchain: toolchain)
    }
    var map: TestMap
    switch plan {
    case .unchanged:
      guard let recalled else { preconditionFailure("an unchanged copy has a map") }
      services.notice(
        "covgate: note: nothing changed since the last test map: it stands, no test ran for it")
      return .measured(recalled.map)
    case .everyTest(let reason):
      if recalled != nil {
        services.notice("covgate: note: the test map runs every test: \(reason)")
      }
      map = try baselineMap(root: copy, config: config, perTest: perTest)
    case .affected(let edits, let unaffected):
      guard let recalled else { preconditionFailure("affected tests are known from a map") }
      let total = recalled.map.tests.count
      let measure = { [perTest] in
        var perTest = perTest
        perTest.skipping = unaffected
        services.notice(
          "covgate: note: the test map ran \(total - unaffected.count) of \(total) tests again: the others never entered the code edited in \(edits.keys.sorted().joined(separator: ", "))"
        )
        let map = TestMapMemory.combined(
          try baselineMap(root: copy, config: config, perTest: perTest), last: recalled.map,
          edits: edits, unaffected: unaffected)
        memory.remember(map, files: files, measured: measured)
        return map
      }
      guard settings.shard == nil, !toRun.isEmpty,
        toRun.allSatisfy({ edits[$0.file]?.newBody.contains($0.line) ?? false })
      else { return .measured(try measure()) }
      services.notice(
        "covgate: note: the test map waits: every mutant lies in code edited since it was taken, so the \(total - unaffected.count) tests that entered that code are their tests until one survives"
      )
      return .waiting(
        WaitingMap(
          candidates: recalled.map.tests.filter {
            !unaffected.contains($0.id) && $0.status == .passed
          }.sorted { $0.seconds < $1.seconds },
          measure: measure,
          keep: {
            memory.keepWaiting(
              recalled,
              texts: Dictionary(
                edits.keys.compactMap { file in earlierText(file).map { (file, $0) } }
              ) { first, _ in first })
          }))
    }
    memory.remember(map, files: files, measured: measured)
    return .measured(map)
  }

  /// The test map of a per-test run of the copy with `perTest`.
  private func baselineMap(root: String, config: GateConfig, perTest: PerTestSettings) throws
    -> TestMap
  {
    let report = try services.baseline(
      BaselineRun(
        root: root, config: config, perTest: perTest,
        outputFolder: "\(settings.workspace)/baseline",
        cacheFolder: "\(settings.workspace)/cache/copy"))
    guard let map = report.testMap else { throw MutationError.noTestMap }
    return map
  }
}
