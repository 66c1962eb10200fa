import CoverageGate
import CoverageModel

/// The gate on mutation scores: each gated layer's score against its `mutation.minimum` (the
/// layer's own, else the top-level one). Timeouts and mutants no test ran are reported beside
/// the score and never counted in it.
public enum MutationGate {
  public static func verdicts(_ layers: [MutationScore], config: GateConfig) -> [Verdict] {
    config.layers.filter(\.gated).compactMap { layer in
      guard let minimum = layer.mutationMinimum ?? config.mutation.minimum else { return nil }
      let metric = layers.first { $0.name == layer.name }?.metric ?? .zero
      let status: Verdict.Status
      let message: String
      if metric.count > 0 {
        status = metric.reaches(minimum) ? .passed : .failed
        let figures = "\(metric.formattedPercent) (\(metric.covered) of \(metric.count) killed)"
        message =
          status == .failed
          ? "\(layer.name): mutation score \(figures) is below the minimum \(formatThreshold(minimum))%"
          : "\(layer.name): mutation score \(figures) meets the minimum \(formatThreshold(minimum))%"
      } else {
        status = .notApplicable
        message = "\(layer.name): no mutant was killed or survived, so there is no mutation score"
      }
      return Verdict(
        rule: .mutation, scopeKind: .layer, scope: layer.name, metric: nil, actual: metric,
        required: minimum, status: status, message: message)
    }
  }
}
