import CoverageAcquisition
import CoverageGate
import CoverageModel
import Foundation

extension MutationRun {
  /// Runs the tests of every mutant that compiled and has tests.
  func outcomes(
    of mutants: [Mutant], unviable: Set<Int>, testMap: TestMap, toolchain: Toolchain, root: String,
    files: [ScopedFile], copyFiles: [String: String]? = nil, originals: [String: String]
  ) throws -> [MutantResult] {
    var results = Self.unrun(mutants, unviable: unviable, files: files)
    let runnable = results.indices.filter { !unviable.contains(results[$0].mutant.id) }
    guard !runnable.isEmpty else { return results }
    let (byID, launcher) = try testsByID(root: root, toolchain: toolchain)
    var cache =
      settings.usesCache ? MutationCache(path: "\(settings.workspace)/results.json") : nil
    let testCode =
      cache == nil
      ? ""
      : MutationCache.testCode(root: root, measured: Set(files.map(\.path)), files: copyFiles)
    // The map's index of tests by function, built once for every mutant's question.
    let byFunction = testMap.testsByFunction()
    // For the cache: each file's functions in the map, and the functions each test entered.
    let spans = Dictionary(
      grouping: testMap.functions.indices.map { index in
        let function = testMap.functions[index]
        return (
          file: function.file, index: index,
          span: function.firstLine...max(function.firstLine, function.lastLine)
        )
      }, by: \.file)
    let testIndex = Dictionary(testMap.tests.indices.map { (testMap.tests[$0].id, $0) }) {
      first, _ in first
    }
    let ran = testMap.ran.map(Set.init)
    var killers = KillerMemory(
      path: "\(settings.workspace)/killers.json", reading: settings.usesCache)
    let identities = KillerMemory.identities(of: mutants, originals: originals)
    var keys: [Int: String] = [:]
    var jobs: [MutantRunner.Job] = []
    var jobIndexes: [Int] = []
    for index in runnable {
      let mutant = results[index].mutant
      let planned = plannedTests(of: mutant, in: testMap, byFunction: byFunction, listed: byID)
      guard !planned.isEmpty else { continue }
      results[index].tests = planned.map(\.test.id)
      let identity = identities[mutant.id] ?? ""
      if cache != nil {
        let relevant = MutationCache.relevantText(
          originals[mutant.file] ?? "", line: mutant.line,
          functions: spans[mutant.file, default: []].map(\.span),
          entered: spans[mutant.file, default: []].filter { function in
            planned.contains {
              testIndex[$0.test.id].map { ran[$0].contains(function.index) } ?? true
            }
          }.map(\.span))
        let key = MutationCache.key(
          mutant, fileText: relevant.text, line: relevant.line, testCode: testCode,
          tests: results[index].tests)
        keys[index] = key
        if let kept = cache?.entries[key] {
          results[index].outcome = kept.outcome
          results[index].killedBy = kept.killedBy
          results[index].tests = kept.tests
          results[index].cached = true
          killers.record(identity, file: mutant.file, killer: Self.killer(of: results[index]))
          continue
        }
      }
      // The key above is of the tests in their own order; they run the last killers first.
      jobs.append(
        MutantRunner.Job(
          mutant: mutant.id,
          tests: killers.ordered(
            planned, id: \.test.id, identity: identity, file: mutant.file)))
      jobIndexes.append(index)
    }
    let outcomes = try run(
      jobs, static: jobIndexes.map { results[$0].mutant.isStatic }, launcher: launcher, root: root)
    let secondsByTest = Dictionary(testMap.tests.map { ($0.id, $0.seconds) }) { first, _ in first }
    for (job, (index, outcome)) in zip(jobIndexes, outcomes).enumerated() {
      results[index].outcome = Self.outcome(of: outcome.ending)
      results[index].killedBy = outcome.test
      results[index].tests = jobs[job].tests.prefix(outcome.testsRun).map(\.test.id)
      results[index].seconds = outcome.seconds
      killers.record(
        identities[results[index].mutant.id] ?? "", file: results[index].mutant.file,
        killer: Self.killer(of: results[index]))
      if let key = keys[index] {
        let limit = jobs[job].tests.first { $0.test.id == outcome.test }?.timeout
        cache?.record(
          key, results[index],
          endless: outcome.ending == .timedOut
            && Self.isEndless(limit: limit, seconds: outcome.test.flatMap { secondsByTest[$0] }))
      }
    }
    killers.save()
    // A cache that cannot be saved only costs the next run time.
    try? cache?.save()
    return results
  }

  /// The copy's tests by ID, and the launcher that runs them (test servers, unless
  /// `--fresh-processes`).
  func testsByID(root: String, toolchain: Toolchain) throws -> (
    tests: [String: TestCase], launcher: any TestProcessLaunching
  ) {
    let (tests, launcher) = try services.tests.testsAndLauncher(
      root: root, flags: services.coverageBuildFlags, fresh: settings.freshProcesses,
      toolchain: toolchain)
    return (Dictionary(tests.map { ($0.id, $0) }) { first, _ in first }, launcher)
  }

  /// The outcome a mutant's tests ending this way give.
  static func outcome(of ending: MutantRunner.Outcome.Ending) -> MutationOutcome {
    switch ending {
    case .killed: .killed
    case .crashed: .crashed
    case .timedOut: .timedOut
    case .survived: .survived
    }
  }

  /// `mutants` before any runs: unviable or, until a test runs them, without coverage; each
  /// with its target and layer from `files`.
  static func unrun(_ mutants: [Mutant], unviable: Set<Int>, files: [ScopedFile])
    -> [MutantResult]
  {
    let places = Dictionary(files.map { ($0.path, ($0.target, $0.layer)) }) { first, _ in first }
    return mutants.map { mutant in
      let (target, layer) = places[mutant.file] ?? ("", "")
      return MutantResult(
        mutant: mutant, target: target, layer: layer,
        outcome: unviable.contains(mutant.id) ? .unviable : .noCoverage)
    }
  }

  /// The test that failed or crashed on a mutant, for `KillerMemory`: a timeout's test is not
  /// one to run first (it runs to its limit).
  static func killer(of result: MutantResult) -> String? {
    [.killed, .crashed].contains(result.outcome) ? result.killedBy : nil
  }

  /// Runs `jobs` (`isStatic` says which are static mutants) and gives their outcomes in order:
  /// a static mutant's tests each in a fresh process (its code runs once per process, so a
  /// process must start with it switched on), the others' through `launcher`.
  func run(
    _ jobs: [MutantRunner.Job], static isStatic: [Bool], launcher: any TestProcessLaunching,
    root: String
  ) throws -> [MutantRunner.Outcome] {
    let folder = "\(settings.workspace)/mutants"
    let fresh = settings.freshProcesses ? launcher : services.tests.freshLauncher()
    var outcomes = [MutantRunner.Outcome?](repeating: nil, count: jobs.count)
    var notes: [String] = []
    for (group, groupLauncher) in [(false, launcher), (true, fresh)] {
      let indexes = jobs.indices.filter { isStatic[$0] == group }
      guard !indexes.isEmpty else { continue }
      let run = try MutantRunner(
        launcher: groupLauncher, jobs: settings.jobs, command: services.tests.command(running:)
      ).run(indexes.map { jobs[$0] }, in: root, folder: folder)
      notes += run.notes.filter { !notes.contains($0) }
      for (index, outcome) in zip(indexes, run.outcomes) { outcomes[index] = outcome }
    }
    for note in notes { services.notice(note) }
    return outcomes.compactMap { $0 }
  }

  /// The tests `mutant` runs, in order, each with its limit: the tests of the build that
  /// passed in the first run and ran its line, fastest first; none when no test ran it.
  ///
  /// A static mutant's initializer is not instrumented (Swift counts no line of a global's or a
  /// static's initializer, only closures in it), so the map cannot say which tests ran it:
  /// it runs every passing test, the ones that ran code of its file first (the likeliest to
  /// use it), so that a kill comes early and a survivor has faced them all.
  func plannedTests(
    of mutant: Mutant, in testMap: TestMap, byFunction: [[Int]], listed: [String: TestCase]
  ) -> [(test: TestCase, timeout: TimeInterval)] {
    let answer = testMap.answerByLine(file: mutant.file, line: mutant.line, byFunction: byFunction)
    let ordered: [TestCaseResult]
    switch answer {
    case .tests(let covering):
      ordered = covering.sorted { $0.seconds < $1.seconds }
    case .outsideFunctions, .fileNotInMap:
      guard mutant.isStatic else { return [] }
      let inFile = testMap.testsRunning(file: mutant.file)
      let fastest = testMap.tests.sorted { $0.seconds < $1.seconds }
      ordered =
        fastest.filter { inFile.contains($0.id) } + fastest.filter { !inFile.contains($0.id) }
    case .lineNeverRan:
      return []
    }
    return ordered.filter { $0.status == .passed }.compactMap { result in
      listed[result.id].map { (test: $0, timeout: timeout(result.seconds)) }
    }
  }

  /// Whether a test stopped at `limit` seconds ran `MutationCache.endlessFactor` times its
  /// own time in the test map (`seconds`) or more: the mutant made it endless.
  static func isEndless(limit: TimeInterval?, seconds: Double?) -> Bool {
    guard let limit, let seconds else { return false }
    return limit >= MutationCache.endlessFactor * max(seconds, 0.001)
  }

  /// A test's limit: `timeoutFactor` times its first run, never below `timeoutFloor` seconds.
  func timeout(_ seconds: Double) -> TimeInterval {
    max(settings.timeoutFloor, seconds * settings.timeoutFactor)
  }
}
