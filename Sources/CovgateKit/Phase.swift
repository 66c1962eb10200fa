import CoverageAcquisition

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

  init(_ step: AcquisitionStep) {
    switch step {
    case .build: self = .build
    case .test: self = .test
    case .perTest: self = .perTest
    case .merge: self = .merge
    case .export: self = .export
    }
  }
}
