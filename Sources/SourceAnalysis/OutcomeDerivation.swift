import CoverageModel

/// Turns a candidate and the file's regions into a decision with counts, or says why not.
///
/// The rule: every count reported is a region's count, or a difference of region counts that
/// the syntax proves (nothing leaves or enters between them). Where a second region also counts
/// an outcome (a witness), the two must agree, or the decision is contradicted and left out.
enum OutcomeDerivation {
  enum Result: Equatable {
    case derived(Decision)
    /// The data has the decision but the regions do not prove its outcomes.
    case notDerivable(String, contradicted: Bool = false)
    /// No region holds the decision: its code was not compiled (`#if`) or has no data.
    case noData
  }

  /// Counts at or above this are the wrapped result of a negative counter expression
  /// (llvm-cov prints 2^63 - 1 for them), never a real count.
  static let implausible: UInt64 = 1 << 62

  /// A decision without regions: left out, named, where its position or a context is
  /// unproven (it may have run without a region); else code that was not compiled.
  private static func unproven(_ candidate: Candidate) -> Result {
    (candidate.position ?? candidate.context).map { .notDerivable("no region: \($0)") } ?? .noData
  }

  static func derive(_ candidate: Candidate, regions: RegionIndex) -> Result {
    let reached: UInt64
    switch candidate.reachedInBlock.map(regions.count(startingAt:))
      ?? regions.count(at: candidate.reachedAt)
    {
    // Code in an inactive `#if` has no region and did not run; code in a position or context
    // no fixture proves may have run without one (a stored property's initializer, a default
    // argument, a closure in a macro's argument, which the expansion gives no counter).
    case .missing: return unproven(candidate)
    case .ambiguous: return .notDerivable("two functions' regions share its range")
    case .count(let count):
      guard count < implausible else { return .notDerivable("a region's count is negative") }
      reached = count
    }
    let lookups = candidate.arms.map { regions.count(startingAt: $0.start) }
    // No arm with a region: code left out by `#if`, not a decision that ran; but a defer body
    // has no regions though it ran.
    let armless = lookups.allSatisfy { $0 == .missing }
    if armless && candidate.ambiguity != Positions.deferBody { return unproven(candidate) }
    if let ambiguity = candidate.ambiguity ?? candidate.position ?? candidate.context {
      return .notDerivable(ambiguity)
    }
    // A call before it can throw: only a region that starts where the call returns counts it.
    if let call = candidate.afterThrowingCall,
      (regions.start(holding: candidate.reachedAt)).map({ $0 < call }) ?? true
    {
      return .notDerivable(
        "after a call that can throw in the same expression, and no region where the call returns")
    }
    var counts: [UInt64] = []
    for (arm, lookup) in zip(candidate.arms, lookups) {
      switch lookup {
      case .missing: return .notDerivable("the \(arm.label) has no region of its own")
      case .ambiguous: return .notDerivable("two functions' regions share the \(arm.label)'s range")
      case .count(let count):
        guard count < implausible else { return .notDerivable("a region's count is negative") }
        counts.append(count)
      }
    }
    let derivation = Derivation(
      candidate: candidate, reached: reached, counts: counts, regions: regions)
    return derivation.result(
      witness: candidate.witness.flatMap { derivation.witnessed($0, regions) })
  }
}

/// One candidate's counts, turned into outcomes by its shape.
struct Derivation {
  let candidate: Candidate
  let reached: UInt64
  let counts: [UInt64]
  let regions: RegionIndex

  private var line: Int { candidate.location.line }
  private var kind: String { candidate.kind.rawValue }

  private var armSum: UInt64? {
    let (sum, overflow) = counts.reduce((UInt64(0), false)) {
      let next = $0.0.addingReportingOverflow($1)
      return (next.partialValue, $0.1 || next.overflow)
    }
    return overflow ? nil : sum
  }

  /// The implicit way out's count as the witness region gives it.
  func witnessed(_ witness: Candidate.Witness, _ regions: RegionIndex) -> UInt64? {
    switch witness {
    case .after(let location):
      guard case .count(let count) = regions.count(startingAt: location) else { return nil }
      return count < OutcomeDerivation.implausible ? count : nil
    case .afterMinus(let location, let blocks):
      guard case .count(let count) = regions.count(startingAt: location),
        count < OutcomeDerivation.implausible
      else { return nil }
      var breaks: UInt64 = 0
      for block in blocks {
        guard case .count(let ran) = regions.count(startingAt: block), ran <= count - breaks
        else { return nil }
        breaks += ran
      }
      return count - breaks
    case .conditionEnd(let location), .conditionMinusBody(let location):
      guard case .count(let count) = regions.count(startingAt: location), let sum = armSum,
        count >= sum, count < OutcomeDerivation.implausible
      else { return nil }
      return count - sum
    }
  }

  func result(witness: UInt64?) -> OutcomeDerivation.Result {
    var outcomes = zip(candidate.arms, counts).map {
      Outcome(label: $0.label, line: $0.start.line, count: $1)
    }
    let implicit: (label: String, fromReach: UInt64)
    switch candidate.shape {
    case .arms(let label):
      guard let sum = armSum, sum <= reached else {
        return .notDerivable("counts lost: the arms add up to more than the \(kind) was reached")
      }
      guard let label else {
        // Every way out has a region: they add up to the reach unless the decision can be left
        // another way (a subject or condition that throws).
        if sum != reached && candidate.unproven == nil {
          return .notDerivable("the arms add up to less than the \(kind) was reached")
        }
        return derived(outcomes)
      }
      implicit = (label, reached - sum)
    case .guardElse:
      guard counts[0] <= reached else {
        return .notDerivable("counts lost: the else ran more often than the guard was reached")
      }
      implicit = ("pass", reached - counts[0])
    case .catches:
      guard let sum = armSum, sum <= reached else {
        return .notDerivable("counts lost: the catches ran more often than the do was reached")
      }
      implicit = ("no error", reached - sum)
    case .someCatches:
      // No error is what the region after the `do` counts beyond the catches that end there;
      // an error no clause matched is the rest of the reach.
      guard let sum = armSum, let witness, sum <= reached, witness <= reached - sum else {
        return .notDerivable(candidate.unproven ?? "the region after the do does not add up")
      }
      outcomes.append(Outcome(label: "no error", line: line, count: witness))
      outcomes.append(Outcome(label: "uncaught", line: line, count: reached - sum - witness))
      return derived(outcomes)
    case .loop:
      implicit = ("exit", reached)
    case .repeatLoop:
      // The body runs once per reach, then once per repeat of the condition.
      guard counts[0] >= reached else {
        return .notDerivable("the body ran less often than the loop was reached")
      }
      outcomes = [
        Outcome(label: "body", line: outcomes[0].line, count: counts[0]),
        Outcome(label: "again", line: line, count: counts[0] - reached),
      ]
      implicit = ("exit", reached)
    case .rightSide:
      guard counts[0] <= reached else {
        return .notDerivable("counts lost: the right side ran more often than \(kind) was reached")
      }
      implicit = ("short", reached - counts[0])
    }
    // The reach proves the implicit way out unless the syntax says it can be left otherwise;
    // a witness region must then agree, or it alone gives the count.
    let count: UInt64
    if let unproven = candidate.unproven {
      guard let witness else { return .notDerivable(unproven) }
      count = witness
    } else {
      if let witness, witness != implicit.fromReach {
        return .notDerivable(
          "contradicted: \(implicit.label) \(implicit.fromReach) by the reach, \(witness) by a second region",
          contradicted: true)
      }
      count = implicit.fromReach
    }
    outcomes.append(Outcome(label: implicit.label, line: line, count: count))
    return derived(outcomes)
  }

  private func derived(_ outcomes: [Outcome]) -> OutcomeDerivation.Result {
    if let broken = brokenLaw(outcomes) { return .notDerivable(broken, contradicted: true) }
    return .derived(
      Decision(
        kind: candidate.kind, location: candidate.location, reached: reached, outcomes: outcomes))
  }
}
