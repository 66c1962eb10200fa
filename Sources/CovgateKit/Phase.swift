import CoverageAcquisition
import Mutation

/// The phases of a run, announced as they begin.
public enum Phase: String, Sendable {
  case build = "build tests"
  case test = "build and test"
  case perTest = "run each test alone"
  case merge = "merge profiles"
  case export = "export coverage"
  case evaluate
  case testMap = "map tests to functions"
  case report
  case mutatedBuild = "write the mutants and build"
  case mutants = "run the tests of each mutant"

  /// The phase a step begins; nil for a step that is a notice, not a phase.
  init?(_ step: AcquisitionStep) {
    switch step {
    case .build: self = .build
    case .test: self = .test
    case .perTest: self = .perTest
    case .merge: self = .merge
    case .export: self = .export
    case .stalled: return nil
    }
  }
}

extension PipelineObserving {
  /// A step of acquiring coverage as the observer hears it: a phase, or a notice (the line
  /// naming a stalled per-test run's running tests).
  func announce(_ step: AcquisitionStep) {
    if case .stalled(let line) = step {
      notice(line)
    } else if let phase = Phase(step) {
      self.phase(phase)
    }
  }
}

extension Phase {
  /// The phase a mutation run's step is.
  init(_ step: MutationPhase) {
    switch step {
    case .build: self = .mutatedBuild
    case .mutants: self = .mutants
    }
  }
}
