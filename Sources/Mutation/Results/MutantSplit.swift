import CoverageModel

/// How `covgate mutate --shard K/N` splits a run's mutants: by the time their tests are
/// expected to take, from a test map every shard is given alike (`--test-map`), so the split is
/// the same on every machine and the shards finish together. Times measured by each shard's
/// own first run of the tests would differ from machine to machine, and so would the split.
enum MutantSplit {
  /// Each mutant's expected test time in milliseconds, mutant `id` at `id - 1`: the time of every
  /// test `map` says ran its line's function (a survivor runs them all), 0 for a line the map
  /// says no test ran, every passing test's for a static mutant the map cannot place, nil
  /// where the map does not know the file or the line (or there is none).
  static func expectedMilliseconds(of mutants: [Mutant], in map: TestMap?) -> [Int?] {
    guard let map else { return mutants.map { _ in nil } }
    let byFunction = map.testsByFunction()
    return mutants.map { mutant in
      switch map.answerByLine(file: mutant.file, line: mutant.line, byFunction: byFunction) {
      case .tests(let tests):
        let seconds = tests.filter { $0.status == .passed }.map(\.seconds).reduce(0, +)
        return Int((seconds * 1000).rounded())
      case .lineNeverRan: return 0
      case .fileNotInMap, .outsideFunctions:
        // A static mutant's initializer is not instrumented: it runs every passing test.
        guard mutant.isStatic else { return nil }
        let seconds = map.tests.filter { $0.status == .passed }.map(\.seconds).reduce(0, +)
        return Int((seconds * 1000).rounded())
      }
    }
  }

  /// The part `index` of `count` of a run whose mutants are `mutants` (ids 1, 2, ... in order).
  static func shard(
    _ index: Int, of count: Int, mutants: [Mutant], times: TestMap?, commit: String,
    baseCommit: String?
  ) -> MutationShard {
    let expected = expectedMilliseconds(of: mutants, in: times)
    return MutationShard(
      index: index, count: count, commit: commit, baseCommit: baseCommit,
      mutantsDigest: MutationShard.digest(of: mutants), expectedMilliseconds: expected,
      mutants: MutationShard.mutants(of: index, count: count, expectedMilliseconds: expected))
  }
}
