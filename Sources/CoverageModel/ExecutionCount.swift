/// Arithmetic on execution counts that saturates instead of overflowing.
///
/// llvm-cov clamps counts to `Int64.max` and real data holds counters that wrapped, so sums of
/// counts can exceed any fixed width: they stop at `maximum`, which still reads as "ran".
public enum ExecutionCount {
  /// The largest count kept: one below `LineView.unmapped`, so that marker stays free.
  public static let maximum: UInt64 = LineView.unmapped - 1

  /// `lhs + rhs`, or `maximum` when the sum would pass it.
  public static func sum(_ lhs: UInt64, _ rhs: UInt64) -> UInt64 {
    let (total, overflow) = lhs.addingReportingOverflow(rhs)
    return overflow || total > maximum ? maximum : total
  }
}
