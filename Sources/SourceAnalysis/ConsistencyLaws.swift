import CoverageModel

/// The flows every derivation must obey, checked on the regions after the counts are derived:
/// a second reading of the same counts. Where the compiler maps a context in a way no fixture
/// has shown (a result builder's `if`, a parameter-pack loop), the regions break one of these
/// laws, and the decision is left out with the law named instead of reported with false counts.
extension Derivation {
  /// The first law `outcomes` break, in words, or nil when they obey every law that applies.
  func brokenLaw(_ outcomes: [Outcome]) -> String? {
    nothingRunsInsideABlockThatNeverRan() ?? exitsAddUp(outcomes)
  }

  /// An arm whose region counts 0 holds no region that ran: code inside a block is entered
  /// through the block.
  private func nothingRunsInsideABlockThatNeverRan() -> String? {
    for (arm, count) in zip(candidate.arms, counts) where count == 0 {
      if let inside = regions.largestCountInside(regionStartingAt: arm.start), inside > 0 {
        return
          "witness failed (nothing runs inside a block that never ran): the \(arm.label)'s region counts 0, a region inside it \(inside)"
      }
    }
    return nil
  }

  /// The region that starts where the statement ends counts the ways out that continue there:
  /// the arms that run to their end and the implicit way out.
  private func exitsAddUp(_ outcomes: [Outcome]) -> String? {
    guard let law = candidate.law, case .count(let after) = regions.count(startingAt: law.after)
    else { return nil }
    var continuing: UInt64 = 0
    for index in law.through where index < counts.count { continuing &+= counts[index] }
    if law.implicitThrough, outcomes.count > counts.count {
      continuing &+= outcomes[counts.count].count
    }
    guard after != continuing else { return nil }
    return
      "witness failed (a statement's exits add up to the count after it): the region after it counts \(after), the ways out that continue there \(continuing)"
  }
}
