/// Branch coverage covgate derives for Swift, which emits none: each decision in the source
/// (an `if` chain, `guard`, `switch`, `catch`, loop, `? :`, `&&`, `||`, `??`) with how often it
/// was reached and how often each way out of it was taken, read from the regions' counts.
public struct DerivedBranches: Hashable, Sendable {
  /// Decisions whose outcome counts were derived, sorted by position.
  public var decisions: [Decision]
  /// Decisions with data whose counts the regions do not prove, each with its reason: left out
  /// of the figures rather than guessed; sorted by position.
  public var notDerivable: [NotDerivable]
  /// Every decision with data, derivable or not, with its ways out: what complexity counts.
  public var points: [DecisionPoint]

  public init(
    decisions: [Decision] = [], notDerivable: [NotDerivable] = [], points: [DecisionPoint] = []
  ) {
    self.decisions = decisions
    self.notDerivable = notDerivable
    self.points = points
  }

  /// The branch metric: every outcome is a branch, covered when it was taken at least once.
  public var metric: Metric {
    var metric = Metric.zero
    for decision in decisions {
      metric.count += decision.outcomes.count
      metric.covered += decision.outcomes.count { $0.count > 0 }
    }
    return metric
  }

  /// The same decisions with none of their counts: each derived one listed as not derivable for
  /// `reason` (counts that may have been lost), the decision points kept.
  public func withoutCounts(reason: String) -> DerivedBranches {
    var branches = self
    branches.notDerivable += decisions.map {
      NotDerivable(kind: $0.kind, location: $0.location, reason: reason)
    }
    branches.notDerivable.sort { $0.location < $1.location }
    branches.decisions = []
    return branches
  }

  /// How many decisions a second region contradicted (a witness check disagreed).
  public var contradicted: Int { notDerivable.count(where: \.contradicted) }

  /// The outcomes of the decisions on each line, as a metric (Cobertura, SonarQube, HTML).
  public var metricByLine: [Int: Metric] {
    var byLine: [Int: Metric] = [:]
    for decision in decisions {
      let taken = decision.outcomes.count { $0.count > 0 }
      byLine[decision.location.line, default: .zero] += Metric(
        covered: taken, count: decision.outcomes.count)
    }
    return byLine
  }
}

/// One decision: where it is, how often it ran, and its outcomes in source order.
public struct Decision: Hashable, Sendable {
  /// The construct, named as the source spells it.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    case `if`, `guard`, `switch`
    case `catch` = "do-catch"
    case `for` = "for-in"
    case `while`
    case `repeat` = "repeat-while"
    case ternary = "?:"
    case and = "&&"
    case or = "||"
    case nilCoalescing = "??"
  }

  public var kind: Kind
  public var location: SourceLocation
  /// How often the decision was reached.
  public var reached: UInt64
  public var outcomes: [Outcome]

  public init(kind: Kind, location: SourceLocation, reached: UInt64, outcomes: [Outcome]) {
    self.kind = kind
    self.location = location
    self.reached = reached
    self.outcomes = outcomes
  }
}

/// A decision whose outcome counts are not proven by the regions, and why.
public struct NotDerivable: Hashable, Sendable {
  public var kind: Decision.Kind
  public var location: SourceLocation
  /// Why, in words a report shows: the position without a region of its own, the jump or throw
  /// that leaves it, the counts that do not add up.
  public var reason: String
  /// Whether a second region disagreed with the counts derived (a witness check failed): the
  /// counts were lost or the derivation's rule does not hold for this code.
  public var contradicted: Bool

  public init(
    kind: Decision.Kind, location: SourceLocation, reason: String, contradicted: Bool = false
  ) {
    self.kind = kind
    self.location = location
    self.reason = reason
    self.contradicted = contradicted
  }
}

/// One way out of a decision and how often it was taken.
public struct Outcome: Hashable, Sendable {
  /// What the outcome is: `then`, `else if`, `else`, `none`, `pass`, a case label, `catch`,
  /// `body`, `exit`, `again`, `right`, `short`, `no error`, `uncaught`.
  public var label: String
  /// Where the outcome's code starts (the decision's own line for an implicit outcome).
  public var line: Int
  public var count: UInt64

  public init(label: String, line: Int, count: UInt64) {
    self.label = label
    self.line = line
    self.count = count
  }
}

extension CoverageReport {
  /// Whether branch figures were derived from the sources (else they are llvm-cov's: none).
  public var derivesBranches: Bool { files.contains { $0.coverage.branches != nil } }
}
