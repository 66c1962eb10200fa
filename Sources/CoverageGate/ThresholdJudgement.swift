import CoverageModel

/// How a measured figure stands against a required percentage: every rule with a threshold
/// (layer minimums and targets, the patch minimum) decides through it.
enum ThresholdJudgement {
  /// The metric counts nothing: the rule does not apply (never a pass).
  case nothingToMeasure
  case meets
  case below

  init(_ actual: Metric, required: Double) {
    if actual.count == 0 {
      self = .nothingToMeasure
    } else {
      self = actual.reaches(required) ? .meets : .below
    }
  }
}
