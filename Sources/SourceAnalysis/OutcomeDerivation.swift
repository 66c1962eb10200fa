import CoverageModel

/// Turns a candidate and the file's regions into a decision with counts, or says why not.
enum OutcomeDerivation {
  enum Result {
    case derived(Decision)
    /// The data has the decision but its outcomes cannot be told apart without guessing.
    case notDerivable
    /// No region holds the decision: its code was not compiled (`#if`) or has no data.
    case noData
  }

  /// Counts at or above this are the wrapped result of a negative counter expression
  /// (llvm-cov prints 2^63 - 1 for them), never a real count.
  static let implausible: UInt64 = 1 << 62

  static func derive(_ candidate: Candidate, regions: RegionIndex) -> Result {
    guard let reached = regions.count(at: candidate.reachedAt), reached < implausible else {
      return regions.count(at: candidate.reachedAt) == nil ? .noData : .notDerivable
    }
    let armCounts = candidate.arms.map { regions.count(startingAt: $0.start) }
    if armCounts.allSatisfy({ $0 == nil }) { return .noData }
    guard candidate.ambiguity == nil else { return .notDerivable }
    let counts = armCounts.compactMap { $0 }
    guard counts.count == armCounts.count, counts.allSatisfy({ $0 < implausible }) else {
      return .notDerivable
    }
    var outcomes = zip(candidate.arms, counts).map {
      Outcome(label: $0.label, line: $0.start.line, count: $1)
    }
    let line = candidate.location.line
    switch candidate.shape {
    case .arms(let implicit):
      let (sum, overflow) = counts.reduce((UInt64(0), false)) {
        let next = $0.0.addingReportingOverflow($1)
        return (next.partialValue, $0.1 || next.overflow)
      }
      guard !overflow, sum <= reached else { return .notDerivable }
      if let implicit {
        outcomes.append(Outcome(label: implicit, line: line, count: reached - sum))
      } else if sum != reached {
        return .notDerivable
      }
    case .guardElse:
      guard counts[0] <= reached else { return .notDerivable }
      outcomes.append(Outcome(label: "pass", line: line, count: reached - counts[0]))
    case .catches:
      let sum = counts.reduce(0, +)
      guard sum <= reached else { return .notDerivable }
      outcomes.append(Outcome(label: "no error", line: line, count: reached - sum))
    case .loop:
      outcomes.append(Outcome(label: "exit", line: line, count: reached))
    case .repeatLoop:
      // The body runs once per reach, then once per repeat of the condition.
      guard counts[0] >= reached else { return .notDerivable }
      outcomes = [
        Outcome(label: "body", line: outcomes[0].line, count: counts[0]),
        Outcome(label: "again", line: line, count: counts[0] - reached),
        Outcome(label: "exit", line: line, count: reached),
      ]
    case .rightSide:
      guard counts[0] <= reached else { return .notDerivable }
      outcomes.append(Outcome(label: "short", line: line, count: reached - counts[0]))
    }
    return .derived(
      Decision(
        kind: candidate.kind, location: candidate.location, reached: reached, outcomes: outcomes))
  }
}
