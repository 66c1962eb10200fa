import CoverageModel
import Foundation

/// What `covgate mutate` found: each mutant's outcome, the code left alone and why, the score
/// per layer and target, and the gate's verdicts on it. Written as `covgate-mutation.json`.
public struct MutationReport: Sendable, Equatable, Codable {
  public static let fileName = "covgate-mutation.json"
  public static let currentSchemaVersion = 1

  public var schemaVersion = Self.currentSchemaVersion
  public var packageName: String
  /// What was mutated, in words: `lines changed since origin/main`, `every line`, `3 files`.
  public var scope: String
  public var results: [MutantResult]
  public var skipped: [SkippedMutationSite]
  public var layers: [MutationScore]
  public var targets: [MutationScore]
  /// The static mutants' outcomes (code that runs once per process, whose tests each ran in a
  /// fresh process), counted apart from the layers' (which include them); nil when none.
  public var staticMutants: MutationScore?
  public var verdicts: [Verdict]
  /// Seconds spent: the one build with every mutant in, the run of every test with the mutants
  /// off (the test map), the mutants.
  public var seconds: Timing
  /// A shard's report (`covgate mutate --shard K/N`) says which part of the run it holds and
  /// holds only its mutants' results; nil in a whole run's report and in a merge's.
  public var shard: MutationShard?

  public struct Timing: Sendable, Equatable, Codable {
    public var baseline: Double
    public var build: Double
    public var mutants: Double

    public init(baseline: Double, build: Double, mutants: Double) {
      self.baseline = baseline
      self.build = build
      self.mutants = mutants
    }
  }

  public init(
    packageName: String, scope: String, results: [MutantResult], skipped: [SkippedMutationSite],
    verdicts: [Verdict] = [], seconds: Timing
  ) {
    self.packageName = packageName
    self.scope = scope
    self.results = results
    self.skipped = skipped
    self.layers = MutationScore.grouped(results, by: \.layer)
    self.targets = MutationScore.grouped(results, by: \.target)
    let statics = results.filter(\.mutant.isStatic)
    self.staticMutants =
      statics.isEmpty
      ? nil
      : MutationScore(
        name: "static", counts: Dictionary(grouping: statics, by: \.outcome).mapValues(\.count))
    self.verdicts = verdicts
    self.seconds = seconds
  }

  /// The scope of `covgate mutate --all`, in words.
  public static let wholeRunScope = "every line of the gated layers"

  /// Whether this is a whole run's report (`--all`, or the merge of its shards): the one whose
  /// scores the baseline keeps.
  public var isWholeRun: Bool { shard == nil && scope == Self.wholeRunScope }

  public var passed: Bool { !verdicts.contains { $0.status == .failed } }
  public var survivors: [MutantResult] { results.filter { $0.outcome == .survived } }
}

/// One mutant and how the tests took it.
public struct MutantResult: Sendable, Equatable, Codable {
  public var mutant: Mutant
  public var target: String
  public var layer: String
  public var outcome: MutationOutcome
  /// The test that killed it, crashed or timed out on it.
  public var killedBy: String?
  /// The tests that ran its line (the ones run, fastest first, up to the one that ended it).
  public var tests: [String]
  public var seconds: Double
  /// True when the outcome was kept from an earlier run (nothing changed that it depends on).
  public var cached: Bool?

  public init(
    mutant: Mutant, target: String, layer: String, outcome: MutationOutcome,
    killedBy: String? = nil, tests: [String] = [], seconds: Double = 0
  ) {
    self.mutant = mutant
    self.target = target
    self.layer = layer
    self.outcome = outcome
    self.killedBy = killedBy
    self.tests = tests
    self.seconds = seconds
  }
}

public enum MutationOutcome: String, Sendable, Equatable, Codable, CaseIterable {
  /// A test failed with the mutant in.
  case killed
  /// A test ended on a signal with the mutant in: noticed, counted with the kills.
  case crashed
  /// A test ran past its time limit: shown beside the score, never folded into it.
  case timedOut = "timed-out"
  /// Every test that ran the line passed: a fault no test notices.
  case survived
  /// No test ran the line: nothing could notice it (coverage already says so).
  case noCoverage = "no-coverage"
  /// The mutant does not compile (a rewrite the types do not allow).
  case unviable
  /// A survivor the config accepts as equivalent (`mutation.accept`): not counted in the score.
  case accepted
}

/// The outcomes of a layer's or a target's mutants.
public struct MutationScore: Sendable, Equatable, Codable {
  public var name: String
  public var counts: [String: Int]

  public init(name: String, counts: [MutationOutcome: Int]) {
    self.name = name
    self.counts = Dictionary(uniqueKeysWithValues: counts.map { ($0.key.rawValue, $0.value) })
  }

  public func count(_ outcome: MutationOutcome) -> Int { counts[outcome.rawValue] ?? 0 }

  /// Killed (crashes included) against killed and survived: what the score is a share of.
  public var metric: Metric {
    let detected = count(.killed) + count(.crashed)
    return Metric(covered: detected, count: detected + count(.survived))
  }

  static func grouped(_ results: [MutantResult], by key: KeyPath<MutantResult, String>)
    -> [MutationScore]
  {
    Dictionary(grouping: results) { $0[keyPath: key] }.map { name, results in
      MutationScore(
        name: name, counts: Dictionary(grouping: results, by: \.outcome).mapValues(\.count))
    }.sorted { $0.name < $1.name }
  }
}
