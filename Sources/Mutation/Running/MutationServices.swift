import CoverageAcquisition
import CoverageGate
import CoverageModel
import Foundation

/// What a mutation run reaches outside its package copy through: the toolchain (the same
/// acquisition `covgate run` uses), the kit's per-test coverage run, git and whoever watches.
/// The kit passes the live ones; unit tests pass fakes.
public struct MutationServices: Sendable {
  /// The mutated copy's build, its tests and what runs them (live: `LiveAcquisition`).
  public var tests: any MutantTesting
  /// The flags of the per-test run's build with coverage: the mutants are built with them, in
  /// the same build folder, so the test map's run builds nothing more.
  public var coverageBuildFlags: [String]
  /// The package's sources in scope and their layers, as a run would place them, without
  /// coverage (live: `Pipeline.sourcesReport`): where the mutants are found. What can be
  /// reused between runs (the package's description) is kept in `cacheFolder`.
  public var sources:
    @Sendable (_ root: String, _ config: GateConfig, _ cacheFolder: String) throws ->
      CoverageReport
  /// The copy's tests run one per process with coverage, as `covgate run --per-test` runs
  /// them: the report whose test map says which tests ran each line.
  public var baseline: @Sendable (BaselineRun) throws -> CoverageReport
  /// The lines changed since a base (`--base`), at a package root.
  public var changes: @Sendable (_ base: String, _ root: String) throws -> ChangeSet
  /// The commit of the package at a path: a shard's report names it.
  public var commit: @Sendable (String) -> String
  /// A step of the run begins.
  public var phase: @Sendable (MutationPhase) -> Void
  /// Something the user should know that does not change the outcome.
  public var notice: @Sendable (String) -> Void

  public init(
    tests: any MutantTesting, coverageBuildFlags: [String],
    sources:
      @escaping @Sendable (_ root: String, _ config: GateConfig, _ cacheFolder: String) throws ->
      CoverageReport,
    baseline: @escaping @Sendable (BaselineRun) throws -> CoverageReport,
    changes: @escaping @Sendable (_ base: String, _ root: String) throws -> ChangeSet,
    commit: @escaping @Sendable (String) -> String,
    phase: @escaping @Sendable (MutationPhase) -> Void,
    notice: @escaping @Sendable (String) -> Void
  ) {
    self.tests = tests
    self.coverageBuildFlags = coverageBuildFlags
    self.sources = sources
    self.baseline = baseline
    self.changes = changes
    self.commit = commit
    self.phase = phase
    self.notice = notice
  }
}

/// The test map's run: every test of the copy (built with its mutants switched off), one per
/// process, with coverage.
public struct BaselineRun: Sendable {
  /// The package copy.
  public var root: String
  /// The package's config, without a patch base: the run gates nothing of a change.
  public var config: GateConfig
  public var perTest: PerTestSettings
  /// Where its reports go (inside the mutation workspace).
  public var outputFolder: String
  /// What can be reused between runs (the package's description, names, parsed decisions).
  public var cacheFolder: String
}

/// The steps of a mutation run that are its own (the test map's run reports its steps itself).
public enum MutationPhase: Sendable, Equatable {
  /// The mutants are written into the copy and it is built with coverage.
  case build
  /// The mutants' tests run.
  case mutants
}
