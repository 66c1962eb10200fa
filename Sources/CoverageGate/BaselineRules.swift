import CoverageModel

/// The ratchet: gated layers and targets must not drop below the baseline by more than a
/// tolerance, and the baseline only ever moves up.
public struct BaselineRules: Sendable {
  public let baseline: Baseline
  /// Allowed drop in percentage points (Swift coverage has small run-to-run noise).
  public let tolerance: Double

  public init(baseline: Baseline, tolerance: Double) {
    self.baseline = baseline
    self.tolerance = tolerance
  }

  /// One verdict per gated layer, gated target and metric present in both.
  public func verdicts(for report: CoverageReport) -> [Verdict] {
    var verdicts: [Verdict] = []
    for layer in report.layers where layer.gated {
      verdicts += compare(
        layer.totals, baseline.layers[layer.name], scopeKind: .layer, scope: layer.name)
      for target in layer.targets {
        verdicts += compare(
          target.totals, baseline.targets[target.name], scopeKind: .target, scope: target.name)
      }
    }
    return verdicts
  }

  private func compare(
    _ current: Summary, _ saved: Baseline.Figures?, scopeKind: Verdict.ScopeKind, scope: String
  )
    -> [Verdict]
  {
    guard let saved else { return [] }
    return Baseline.Figures.metrics.compactMap { metric in
      let actual = current[metric]
      let before = saved[metric]
      guard let now = actual.percent, let then = before.percent else { return nil }
      let drop = then - now
      let shown =
        "\(scope): \(metric.rawValue) \(actual.formattedPercent) (\(actual.formattedRatio))"
      let failed = drop > tolerance + 1e-9
      let message =
        failed
        ? "\(shown) dropped \(Metric.points(drop)) points below the baseline \(before.formattedPercent) (tolerance \(formatThreshold(tolerance)))"
        : "\(shown) holds the baseline \(before.formattedPercent)"
      return Verdict(
        rule: .baseline, scopeKind: scopeKind, scope: scope, metric: metric, actual: actual,
        required: before.truncatedPercent, status: failed ? .failed : .passed, message: message)
    }
  }

  /// The baseline raised wherever the report is higher; nothing is ever lowered.
  public func raised(by report: CoverageReport) -> Baseline {
    let current = Baseline(report)
    var updated = baseline
    func raise(_ old: Baseline.Figures?, _ new: Baseline.Figures) -> Baseline.Figures {
      guard var result = old else { return new }
      for metric in Baseline.Figures.metrics {
        let (a, b) = (result[metric], new[metric])
        // b is higher when b.covered / b.count > a.covered / a.count.
        if b.count > 0, a.count == 0 || b.covered * a.count > a.covered * b.count {
          result[metric] = b
        }
      }
      return result
    }
    for (name, figures) in current.layers {
      updated.layers[name] = raise(baseline.layers[name], figures)
    }
    for (name, figures) in current.targets {
      updated.targets[name] = raise(baseline.targets[name], figures)
    }
    return updated
  }
}
