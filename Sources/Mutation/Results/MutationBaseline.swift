import CoverageGate
import CoverageModel

/// The ratchet on mutation scores. Only a whole run (`covgate mutate --all`, or the merge of its
/// shards) is compared and kept: a change's score is of other code each time. Each gated layer's
/// score must not drop below the baseline's by more than the tolerance (`baseline.tolerance`,
/// as for coverage: timeouts vary with the machine's load); `--update-baseline` raises the
/// scores that rose and never lowers one.
public enum MutationBaseline {
  /// One verdict per gated layer with a score both now and in `saved`.
  public static func verdicts(
    _ layers: [MutationScore], saved: [String: Metric], config: GateConfig
  ) -> [Verdict] {
    config.layers.filter(\.gated).compactMap { layer in
      guard let before = saved[layer.name],
        let actual = layers.first(where: { $0.name == layer.name })?.metric,
        let (failed, message) = BaselineRules.judge(
          actual, against: before, tolerance: config.baseline.tolerance,
          named: "\(layer.name): mutation score")
      else { return nil }
      return Verdict(
        rule: .mutationBaseline, scopeKind: .layer, scope: layer.name, metric: nil,
        actual: actual, required: before.truncatedPercent, status: failed ? .failed : .passed,
        message: message)
    }
  }

  /// `saved` with each gated layer's score raised where `layers` is higher (or added).
  public static func raised(
    _ saved: [String: Metric]?, by layers: [MutationScore], config: GateConfig
  ) -> [String: Metric] {
    var updated = saved ?? [:]
    let gated = Set(config.layers.filter(\.gated).map(\.name))
    for layer in layers where gated.contains(layer.name) {
      if BaselineRules.isHigher(layer.metric, than: updated[layer.name] ?? .zero) {
        updated[layer.name] = layer.metric
      }
    }
    return updated
  }
}
