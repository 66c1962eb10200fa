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
    tests: any MutantTesting, baseline: @escaping @Sendable (BaselineRun) throws -> CoverageReport,
    changes: @escaping @Sendable (_ base: String, _ root: String) throws -> ChangeSet,
    commit: @escaping @Sendable (String) -> String,
    phase: @escaping @Sendable (MutationPhase) -> Void,
    notice: @escaping @Sendable (String) -> Void
  ) {
    self.tests = tests
    self.baseline = baseline
    self.changes = changes
    self.commit = commit
    self.phase = phase
    self.notice = notice
  }
}

/// The first run of a mutation run: every test of the copy, one per process, with coverage.
public struct BaselineRun: Sendable {
  /// The package copy.
  public var root: String
  /// The package's config, without a patch base: the run gates nothing of a change.
  public var config: GateConfig
  public var perTest: PerTestSettings
  /// Where its reports go (inside the mutation workspace).
  public var outputFolder: String
}

/// The steps of a mutation run after its first run of the tests.
public enum MutationPhase: Sendable, Equatable {
  /// The mutants are written into the copy and it is built.
  case build
  /// The mutants' tests run.
  case mutants
}
