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
      guard
        let (failed, message) = Self.judge(
          actual, against: before, tolerance: tolerance, named: "\(scope): \(metric.rawValue)")
      else { return nil }
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
        if Self.isHigher(new[metric], than: result[metric]) { result[metric] = new[metric] }
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

  /// `actual` against the baseline's `before`: whether it dropped by more than `tolerance`
  /// points, and the verdict's message (`logic: lines 80.10% (8010/10000) dropped 0.52 points
  /// below the baseline 80.62% (tolerance 0.1)`); nil when either has nothing to count. The
  /// coverage ratchet's and the mutation score's.
  public static func judge(
    _ actual: Metric, against before: Metric, tolerance: Double, named name: String
  ) -> (failed: Bool, message: String)? {
    guard let now = actual.percent, let then = before.percent else { return nil }
    let drop = then - now
    let shown = "\(name) \(actual.formattedPercent) (\(actual.formattedRatio))"
    let failed = drop > tolerance + 1e-9
    return (
      failed,
      failed
        ? "\(shown) dropped \(Metric.points(drop)) points below the baseline \(before.formattedPercent) (tolerance \(formatThreshold(tolerance)))"
        : "\(shown) holds the baseline \(before.formattedPercent)"
    )
  }

  /// Whether `new` is a higher share than `old` (`old` with nothing to count is beaten by any
  /// `new` that has something): what raising a baseline keeps.
  public static func isHigher(_ new: Metric, than old: Metric) -> Bool {
    new.count > 0 && (old.count == 0 || new.covered * old.count > old.covered * new.count)
  }
}
