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
    let tolerance = config.baseline.tolerance
    return config.layers.filter(\.gated).compactMap { layer in
      guard let before = saved[layer.name], let then = before.percent,
        let actual = layers.first(where: { $0.name == layer.name })?.metric,
        let now = actual.percent
      else { return nil }
      let drop = then - now
      let failed = drop > tolerance + 1e-9
      let shown =
        "\(layer.name): mutation score \(actual.formattedPercent) (\(actual.formattedRatio))"
      let message =
        failed
        ? "\(shown) dropped \(Metric.points(drop)) points below the baseline \(before.formattedPercent) (tolerance \(formatThreshold(tolerance)))"
        : "\(shown) holds the baseline \(before.formattedPercent)"
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
      let new = layer.metric
      guard new.count > 0 else { continue }
      if let old = updated[layer.name], old.count > 0,
        new.covered * old.count <= old.covered * new.count
      {
        continue
      }
      updated[layer.name] = new
    }
    return updated
  }
}
