import CoverageGate
import CoverageModel
import Foundation

/// `covgate mutate merge`: the reports of a sharded run's parts (`--shard K/N`) made into the
/// report one run of every mutant gives (the same results, score and verdicts), after checking
/// that they are every part of one run, each once, each holding the mutants the split gives it.
public enum MutationShardMerge {
  /// A shard's report and the file it was read from (named in errors).
  public typealias Part = (path: String, report: MutationReport)

  /// Reads each of `paths` as a `covgate-mutation.json`.
  ///
  /// - Throws: `MutationMergeError.unreadable` for a file that is not one.
  public static func read(_ paths: [String]) throws -> [Part] {
    try paths.map { path in
      guard let data = FileManager.default.contents(atPath: path) else {
        throw MutationMergeError.unreadable(path, reason: "no such file")
      }
      do {
        let report = try JSONDecoder().decode(MutationReport.self, from: data)
        guard report.schemaVersion == MutationReport.currentSchemaVersion else {
          throw MutationMergeError.unreadable(
            path,
            reason:
              "schema version \(report.schemaVersion), not \(MutationReport.currentSchemaVersion)")
        }
        return (path, report)
      } catch let error as MutationMergeError {
        throw error
      } catch {
        throw MutationMergeError.unreadable(path, reason: "not a covgate-mutation.json")
      }
    }
  }

  /// The whole run's report from its parts, accepted survivors and verdicts as `config` says.
  ///
  /// - Throws: `MutationMergeError` when the parts are not every shard of one run, each once,
  ///   each with its own mutants.
  public static func merge(_ parts: [Part], config: GateConfig, notice: (String) -> Void) throws
    -> MutationReport
  {
    let shards = try check(parts)
    let first = shards[0].report
    let results = shards.flatMap(\.report.results).sorted { $0.mutant.id < $1.mutant.id }
    // The shards ran side by side: the run took as long as the longest of each step.
    let seconds = MutationReport.Timing(
      baseline: shards.map(\.report.seconds.baseline).max() ?? 0,
      build: shards.map(\.report.seconds.build).max() ?? 0,
      mutants: shards.map(\.report.seconds.mutants).max() ?? 0)
    return MutationRun.report(
      MutationReport(
        packageName: first.packageName, scope: first.scope, results: results,
        skipped: first.skipped, seconds: seconds),
      shard: nil, config: config, notice: notice)
  }

  /// `parts` ordered by shard, once each checked to belong to one run and to hold its own
  /// mutants.
  private static func check(_ parts: [Part]) throws -> [(path: String, report: MutationReport)] {
    var shards: [(path: String, report: MutationReport, shard: MutationShard)] = []
    for part in parts {
      guard let shard = part.report.shard else { throw MutationMergeError.notAShard(part.path) }
      shards.append((part.path, part.report, shard))
    }
    guard let first = shards.first else { throw MutationMergeError.noShards }
    for other in shards.dropFirst() {
      if other.shard.count != first.shard.count {
        throw MutationMergeError.differentCounts(
          first.path, "\(first.shard.index)/\(first.shard.count)", other.path,
          "\(other.shard.index)/\(other.shard.count)")
      }
      if other.shard.commit != first.shard.commit {
        throw MutationMergeError.differentCommits(
          first.path, first.shard.commit, other.path, other.shard.commit)
      }
      if other.report.scope != first.report.scope
        || other.shard.baseCommit != first.shard.baseCommit
        || other.report.packageName != first.report.packageName
      {
        throw MutationMergeError.differentScopes(
          first.path, scope(first.report), other.path, scope(other.report))
      }
      if other.shard.mutantsDigest != first.shard.mutantsDigest
        || other.shard.expectedMilliseconds != first.shard.expectedMilliseconds
      {
        throw MutationMergeError.differentSplits(first.path, other.path)
      }
    }
    let byIndex = Dictionary(grouping: shards, by: \.shard.index)
    for index in 1...first.shard.count {
      let given = byIndex[index] ?? []
      if given.count > 1 {
        throw MutationMergeError.duplicated(
          "\(index)/\(first.shard.count)", given.map(\.path))
      }
      if given.isEmpty {
        throw MutationMergeError.missing("\(index)/\(first.shard.count)")
      }
    }
    let ordered = shards.sorted { $0.shard.index < $1.shard.index }
    for part in ordered {
      let owned = MutationShard.mutants(
        of: part.shard.index, count: part.shard.count,
        expectedMilliseconds: part.shard.expectedMilliseconds)
      let held = part.report.results.map(\.mutant.id).sorted()
      guard part.shard.mutants == owned, held == owned else {
        let name = "\(part.shard.index)/\(part.shard.count)"
        let listed = Set(part.shard.mutants).union(held)
        let foreign = listed.subtracting(owned).sorted()
        let lacking = Set(owned).subtracting(Set(part.shard.mutants).intersection(held)).sorted()
        throw MutationMergeError.wrongMutants(
          part.path, shard: name, foreign: foreign, lacking: lacking)
      }
    }
    return ordered.map { ($0.path, $0.report) }
  }

  private static func scope(_ report: MutationReport) -> String {
    let base = report.shard?.baseCommit.map { " (merge base \($0.prefix(12)))" } ?? ""
    return "\(report.packageName): \(report.scope)\(base)"
  }
}

/// Shard reports `covgate mutate merge` refuses, each naming the cause and the fix. Exit 2.
public enum MutationMergeError: Error, CustomStringConvertible, Equatable {
  case noShards
  case unreadable(String, reason: String)
  case notAShard(String)
  case differentCounts(String, String, String, String)
  case differentCommits(String, String, String, String)
  case differentScopes(String, String, String, String)
  case differentSplits(String, String)
  case duplicated(String, [String])
  case missing(String)
  case wrongMutants(String, shard: String, foreign: [Int], lacking: [Int])

  public var description: String {
    "cannot merge: " + reason
  }

  private var reason: String {
    switch self {
    case .noShards:
      "no shard reports given; give every covgate-mutation.json of covgate mutate --shard K/N"
    case .unreadable(let path, let reason):
      "\(path) cannot be read as a covgate-mutation.json (\(reason)); give the JSON reports of covgate mutate --shard K/N"
    case .notAShard(let path):
      "\(path) is not a shard's report (it has no shard); give only the reports of covgate mutate --shard K/N"
    case .differentCounts(let first, let firstShard, let other, let otherShard):
      "\(first) is shard \(firstShard) and \(other) shard \(otherShard); merge the shards of one split, all run with the same N"
    case .differentCommits(let first, let firstCommit, let other, let otherCommit):
      "\(first) ran on commit \(show(firstCommit)) and \(other) on \(show(otherCommit)); merge the shards of one commit"
    case .differentScopes(let first, let firstScope, let other, let otherScope):
      "\(first) mutated \(firstScope) and \(other) \(otherScope); run every shard with the same --base, --file or --all"
    case .differentSplits(let first, let other):
      "\(first) and \(other) found different mutants or were split by different test maps; run every shard with the same covgate, config and --test-map"
    case .duplicated(let shard, let paths):
      "shard \(shard) is given \(paths.count) times (\(paths.joined(separator: ", "))); give each shard once"
    case .missing(let shard):
      "shard \(shard) is missing; add its covgate-mutation.json (every shard of the split is needed)"
    case .wrongMutants(let path, let shard, let foreign, let lacking):
      "\(path) (shard \(shard)) does not hold the mutants the split gives it (\(detail(foreign: foreign, lacking: lacking))); run that shard again with this covgate"
    }
  }

  private func show(_ commit: String) -> String { commit.isEmpty ? "(none: not in git)" : commit }

  private func detail(foreign: [Int], lacking: [Int]) -> String {
    var parts: [String] = []
    if !foreign.isEmpty { parts.append("holds other shards' \(list(foreign))") }
    if !lacking.isEmpty { parts.append("lacks \(list(lacking))") }
    return parts.joined(separator: ", ")
  }

  private func list(_ ids: [Int]) -> String {
    let shown = ids.prefix(5).map { "\($0)" }.joined(separator: ", ")
    return
      "mutant\(ids.count == 1 ? "" : "s") \(shown)\(ids.count > 5 ? " and \(ids.count - 5) more" : "")"
  }
}
