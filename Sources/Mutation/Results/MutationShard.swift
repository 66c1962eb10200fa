import CoverageModel
import Foundation

/// The part of a sharded `covgate mutate` (`--shard K/N`) one report holds, and what
/// `covgate mutate merge` needs to check that the parts belong together: the commit and scope
/// they ran on, a digest of every mutant of the run, and the split's input, so the merge can
/// split again and compare.
public struct MutationShard: Sendable, Equatable, Codable {
  /// 1-based.
  public var index: Int
  public var count: Int
  /// The commit the shard ran on (empty outside git).
  public var commit: String
  /// The commit `--base` resolved to (the merge base); nil for `--file` and `--all`.
  public var baseCommit: String?
  /// A digest of every mutant of the run (id, place, change): shards that found different
  /// mutants (another config, another covgate) differ in it.
  public var mutantsDigest: String
  /// Every mutant's expected test time in milliseconds, mutant `id` at `id - 1`; nil where the
  /// test map given did not know it. The split's input.
  public var expectedMilliseconds: [Int?]
  /// The ids of the mutants this shard ran, ascending.
  public var mutants: [Int]

  public init(
    index: Int, count: Int, commit: String, baseCommit: String?, mutantsDigest: String,
    expectedMilliseconds: [Int?], mutants: [Int]
  ) {
    self.index = index
    self.count = count
    self.commit = commit
    self.baseCommit = baseCommit
    self.mutantsDigest = mutantsDigest
    self.expectedMilliseconds = expectedMilliseconds
    self.mutants = mutants
  }

  /// The shard (1-based) of each mutant, mutant `id` at `id - 1`: the heaviest first, each to
  /// the shard with the least expected time so far (the lowest-numbered on a tie), so shards
  /// finish together. A mutant of unknown time weighs as the median known one; with no time
  /// known every mutant weighs the same and the split deals them out by id, 1 to shard 1, 2 to
  /// shard 2... Integer weights, so every machine splits alike.
  public static func owners(expectedMilliseconds: [Int?], count: Int) -> [Int] {
    let known = expectedMilliseconds.compactMap { $0 }.sorted()
    let typical = known.isEmpty ? 1 : known[known.count / 2]
    let weights = expectedMilliseconds.map { max($0 ?? typical, 1) }
    let order = weights.indices.sorted { (weights[$1], $0) < (weights[$0], $1) }
    var loads = [Int](repeating: 0, count: max(count, 1))
    var owners = [Int](repeating: 0, count: weights.count)
    for position in order {
      let shard = loads.indices.min { (loads[$0], $0) < (loads[$1], $1) }!
      loads[shard] += weights[position]
      owners[position] = shard + 1
    }
    return owners
  }

  /// The ids of the mutants shard `index` of `count` owns, ascending.
  public static func mutants(of index: Int, count: Int, expectedMilliseconds: [Int?]) -> [Int] {
    owners(expectedMilliseconds: expectedMilliseconds, count: count).enumerated()
      .filter { $0.element == index }.map { $0.offset + 1 }
  }

  /// The digest of `mutants`: FNV-1a of each one's id, place and change, in hex. Stable across
  /// machines and runs (no hashing seed).
  public static func digest(of mutants: [Mutant]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for mutant in mutants {
      let line = [
        "\(mutant.id)", mutant.file, "\(mutant.line)", "\(mutant.column)", mutant.kind.rawValue,
        mutant.original, mutant.mutated,
      ].joined(separator: "\u{1F}")
      for byte in line.utf8 + [0x1E] {
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
      }
    }
    return String(hash, radix: 16)
  }
}
