/// Splits tests into shards that finish together: longest first, each into the shard with the
/// least time so far, by the durations of an earlier run (by count when there are none).
public enum ShardPlan {
  /// The tests of shard `index` (1-based) of `count`, in the order given.
  public static func tests(
    _ tests: [TestCase], shard index: Int, of count: Int, durations: [String: Double]
  ) -> [TestCase] {
    let known = tests.compactMap { durations[$0.id] }.sorted()
    // A test the earlier run did not have is taken as a typical one.
    let typical = known.isEmpty ? 1 : known[known.count / 2]
    let weight = { (test: TestCase) in max(durations[test.id] ?? typical, 0.001) }
    let order = tests.indices.sorted {
      (weight(tests[$1]), tests[$0].id) < (weight(tests[$0]), tests[$1].id)
    }
    var loads = [Double](repeating: 0, count: count)
    var chosen = Set<Int>()
    for position in order {
      let shard = loads.indices.min { (loads[$0], $0) < (loads[$1], $1) }!
      loads[shard] += weight(tests[position])
      if shard == index - 1 { chosen.insert(position) }
    }
    return tests.indices.filter(chosen.contains).map { tests[$0] }
  }
}

/// `--shard K/N`: the K-th of N parts of the tests.
public struct Shard: Sendable, Equatable {
  public var index: Int
  public var count: Int

  /// Parses `K/N` with 1 <= K <= N.
  public init?(argument: String) {
    let parts = argument.split(separator: "/")
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
      (1...count).contains(index)
    else { return nil }
    self.index = index
    self.count = count
  }
}
