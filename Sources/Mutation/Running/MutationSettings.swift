import CoverageAcquisition
import CoverageGate
import CoverageModel
import Foundation

/// What a `covgate mutate` run needs, decided from the flags and the config before it starts.
public struct MutationSettings: Sendable {
  public var packageRoot: String
  public var config: GateConfig
  public var scope: Scope
  /// Where the package copy and its build are kept between runs (the user's cache folder).
  public var workspace: String
  /// How many mutants run at once.
  public var jobs: Int
  /// Start every test's process from scratch instead of forking it from a test server.
  public var freshProcesses: Bool
  /// A test's time limit: this many times its first run...
  public var timeoutFactor: Double
  /// ... and never below this many seconds.
  public var timeoutFloor: Double
  /// Whether a mutant keeps an earlier run's outcome when nothing it depends on changed.
  public var usesCache = true
  /// `--shard K/N`: only the mutants the split gives this part run, and the report says which
  /// part it is, for `covgate mutate merge`; nil: every mutant.
  public var shard: Shard?
  /// `--test-map`: the test map whose test times balance the shards (the same file for every
  /// shard); nil: the split deals the mutants out by id.
  public var shardTimes: TestMap?

  public enum Scope: Sendable, Equatable {
    /// The lines changed since a git ref.
    case changes(since: String)
    /// Every line of these package-relative files.
    case files([String])
    /// Every line of the gated layers.
    case all
  }

  public init(
    packageRoot: String, config: GateConfig, scope: Scope, workspace: String,
    jobs: Int = ProcessInfo.processInfo.activeProcessorCount, freshProcesses: Bool = false,
    timeoutFactor: Double = 5, timeoutFloor: Double = 5
  ) {
    self.packageRoot = packageRoot
    self.config = config
    self.scope = scope
    self.workspace = workspace
    self.jobs = max(1, jobs)
    self.freshProcesses = freshProcesses
    self.timeoutFactor = timeoutFactor
    self.timeoutFloor = timeoutFloor
  }
}
