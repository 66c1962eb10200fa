/// The outcome of one rule on one scope.
public struct Verdict: Hashable, Sendable, Codable {
  /// What kind of rule was evaluated.
  public enum Rule: String, Sendable, Codable {
    /// A layer's or the total's `minimum`.
    case minimum
    /// A layer's or the total's `target`: below it is a warning.
    case target
    /// A layer's or the total's `max_uncovered`: a cap on the count left uncovered.
    case maxUncovered
    /// The per-file floor of a gated layer.
    case fileMinimum
    /// A target of a gated layer with no coverage data at all.
    case targetWithoutData
    /// The share of changed executable lines that ran.
    case patch
    /// A drop below the committed baseline.
    case baseline
    /// An exclusion marker that hides code which ran.
    case staleExclusion
    /// A layer's `max_risk`: a function complex and barely run.
    case maxRisk
    /// `function_minimum`: the per-function floor of gated layers.
    case functionMinimum
    /// An error the coverage data's producer reported (xccov's `errors`).
    case producerError
    /// A layer's mutation score (`covgate mutate`) against its `mutation.minimum`.
    case mutation
    /// A whole mutation run's layer score against the baseline file's (`covgate mutate --all`).
    case mutationBaseline
  }

  /// What the rule was applied to.
  public enum ScopeKind: String, Sendable, Codable {
    case total, layer, target, file, patch
  }

  public enum Status: String, Sendable, Codable {
    case passed, failed, warning
    /// The metric has nothing to measure (count 0): neither passed nor failed.
    case notApplicable = "n/a"

    /// The order reports list verdicts in: failures, warnings, n/a, passes.
    public var severityRank: Int {
      switch self {
      case .failed: 0
      case .warning: 1
      case .notApplicable: 2
      case .passed: 3
      }
    }
  }

  public var rule: Rule
  public var scopeKind: ScopeKind
  /// The layer, target or package-relative file path; `total` for the whole package.
  public var scope: String
  /// For a rule on one function (`maxRisk`, `functionMinimum`): the line it starts on in `scope`.
  public var line: Int?
  public var metric: MetricKind?
  public var actual: Metric?
  public var required: Double?
  public var status: Status
  /// One line a person can act on, e.g. `logic: lines 58.30% (1204/2065) is below the minimum 60%`.
  public var message: String

  public init(
    rule: Rule, scopeKind: ScopeKind, scope: String, metric: MetricKind?, actual: Metric?,
    required: Double?, status: Status, message: String, line: Int? = nil
  ) {
    self.line = line
    self.rule = rule
    self.scopeKind = scopeKind
    self.scope = scope
    self.metric = metric
    self.actual = actual
    self.required = required
    self.status = status
    self.message = message
  }
}

/// Formats a threshold without a needless fraction: `60`, `62.5`.
public func formatThreshold(_ value: Double) -> String {
  value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}
