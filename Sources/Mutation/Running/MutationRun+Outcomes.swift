import CoverageAcquisition
import CoverageGate
import CoverageModel
import Foundation

extension MutationRun {
  /// Runs the tests of every mutant that compiled and has tests.
  func outcomes(
    of mutants: [Mutant], unviable: Set<Int>, testMap: TestMap, toolchain: Toolchain, root: String,
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
    let (tests, launcher) = try services.tests.testsAndLauncher(
      root: root, flags: mutantBuildFlags, fresh: settings.freshProcesses, toolchain: toolchain)
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
      let planned = plannedTests(of: mutant, in: testMap, byFunction: byFunction, listed: byID)
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
    let run = try MutantRunner(
      launcher: launcher, jobs: settings.jobs, command: services.tests.command(running:)
    ).run(jobs, in: root, folder: "\(settings.workspace)/mutants")
    for note in run.notes { services.notice(note) }
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

  /// The tests `mutant` runs, in order, each with its limit: the tests of the build that
  /// passed in the first run and ran its line, fastest first; none when no test ran it.
  func plannedTests(
    of mutant: Mutant, in testMap: TestMap, byFunction: [[Int]], listed: [String: TestCase]
  ) -> [(test: TestCase, timeout: TimeInterval)] {
    guard
      case .tests(let covering) = testMap.answerByLine(
        file: mutant.file, line: mutant.line, byFunction: byFunction)
    else { return [] }
    return covering.filter { $0.status == .passed }.sorted { $0.seconds < $1.seconds }
      .compactMap { result in listed[result.id].map { (test: $0, timeout: timeout(result.seconds)) }
      }
  }

  /// A test's limit: `timeoutFactor` times its first run, never below `timeoutFloor` seconds.
  func timeout(_ seconds: Double) -> TimeInterval {
    max(settings.timeoutFloor, seconds * settings.timeoutFactor)
  }
}
