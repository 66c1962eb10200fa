import CoverageAcquisition
import CoverageModel
import Foundation

extension MutationRun {
  /// The outcomes of `mutants` while the test map waits (`WaitingMap`): each runs the
  /// `candidates`, the tests that entered the edited code, its last killer first.
  ///
  /// Nil when an outcome needs the map: a mutant every candidate passed (survived or no
  /// coverage is told by the lines its tests ran, which the map says), or a test that ended a
  /// mutant and also fails, crashes or runs past its limit with every switch off (the edit
  /// broke the test: that is no kill). The check runs the original code with each mutant's
  /// first test beside the mutants (most kills come from it) and any other ending test after.
  /// No outcome is kept in the cache: its key holds the tests that ran the line.
  func waitingOutcomes(
    of mutants: [Mutant], unviable: Set<Int>, candidates: [TestCaseResult], toolchain: Toolchain,
    root: String, files: [ScopedFile], originals: [String: String]
  ) throws -> [MutantResult]? {
    var results = Self.unrun(mutants, unviable: unviable, files: files)
    let runnable = results.indices.filter { !unviable.contains(results[$0].mutant.id) }
    guard !runnable.isEmpty else { return results }
    let (byID, launcher) = try testsByID(root: root, toolchain: toolchain)
    let planned = candidates.compactMap { result in
      byID[result.id].map { (test: $0, timeout: timeout(result.seconds)) }
    }
    guard !planned.isEmpty else { return nil }
    var killers = KillerMemory(path: "\(settings.workspace)/killers.json")
    let identities = KillerMemory.identities(of: mutants, originals: originals)
    let jobs = runnable.map { index in
      let mutant = results[index].mutant
      return MutantRunner.Job(
        mutant: mutant.id,
        tests: killers.ordered(
          planned, id: \.test.id, identity: identities[mutant.id] ?? "", file: mutant.file))
    }
    var firsts: [(test: TestCase, timeout: TimeInterval)] = []
    for job in jobs where !firsts.contains(where: { $0.test.id == job.tests[0].test.id }) {
      firsts.append(job.tests[0])
    }
    let both = try run(
      jobs + firsts.map { MutantRunner.Job(mutant: 0, tests: [$0]) },
      static: Array(repeating: false, count: jobs.count + firsts.count), launcher: launcher,
      root: root)
    let outcomes = both.prefix(jobs.count)
    guard !outcomes.contains(where: { $0.ending == .survived }) else { return nil }
    var passing = Set(
      zip(firsts, both.dropFirst(jobs.count)).filter { $0.1.ending == .survived }.map {
        $0.0.test.id
      })
    let checked = Set(firsts.map(\.test.id))
    var others: [(test: TestCase, timeout: TimeInterval)] = []
    for (job, outcome) in zip(jobs, outcomes) {
      guard let ender = outcome.test, !checked.contains(ender),
        !others.contains(where: { $0.test.id == ender }),
        let test = job.tests.first(where: { $0.test.id == ender })
      else { continue }
      others.append(test)
    }
    if !others.isEmpty {
      let again = try run(
        others.map { MutantRunner.Job(mutant: 0, tests: [$0]) },
        static: Array(repeating: false, count: others.count), launcher: launcher, root: root)
      for (test, outcome) in zip(others, again) where outcome.ending == .survived {
        passing.insert(test.test.id)
      }
    }
    guard outcomes.allSatisfy({ $0.test.map(passing.contains) ?? false }) else { return nil }
    for ((index, job), outcome) in zip(zip(runnable, jobs), outcomes) {
      results[index].outcome = Self.outcome(of: outcome.ending)
      results[index].killedBy = outcome.test
      results[index].tests = job.tests.prefix(outcome.testsRun).map(\.test.id)
      results[index].seconds = outcome.seconds
      killers.record(
        identities[job.mutant] ?? "", file: results[index].mutant.file,
        killer: Self.killer(of: results[index]))
    }
    killers.save()
    return results
  }
}
