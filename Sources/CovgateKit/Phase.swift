import CoverageAcquisition

/// The phases of a run, announced as they begin.
public enum Phase: String, Sendable {
  case test = "build and test"
  case merge = "merge profiles"
  case export = "export coverage"
  case evaluate
  case report

  init(_ step: AcquisitionStep) {
    switch step {
    case .test: self = .test
    case .merge: self = .merge
    case .export: self = .export
    }
  }
}
