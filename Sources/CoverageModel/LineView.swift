/// The per-line execution counts that `llvm-cov show` prints for one file.
///
/// Stored as one `UInt64` per line, with `UInt64.max` marking a line that has no code:
/// llvm-cov clamps real counts to `Int64.max`, so the marker never collides with a count.
public struct LineView: Hashable, Sendable {
  /// The marker of an unmapped line in `rawCounts`.
  public static let unmapped = UInt64.max

  /// Execution count per line (index 0 is line 1), `unmapped` where the line is not executable.
  public var rawCounts: [UInt64]

  public init(rawCounts: [UInt64]) {
    self.rawCounts = rawCounts
  }

  /// Builds a view from optional counts, `nil` meaning unmapped.
  public init(counts: [UInt64?]) {
    self.rawCounts = counts.map { $0 ?? Self.unmapped }
  }

  /// The number of lines the view spans (up to the last line with a segment).
  public var lineCount: Int { rawCounts.count }

  /// The count of a 1-based line, or `nil` when it is unmapped or past the end.
  public func count(line: Int) -> UInt64? {
    guard line >= 1, line <= rawCounts.count else { return nil }
    let value = rawCounts[line - 1]
    return value == Self.unmapped ? nil : value
  }

  /// Executable lines and the ones that ran, as the view shows them.
  public var metric: Metric {
    var covered = 0
    var count = 0
    for value in rawCounts where value != Self.unmapped {
      count += 1
      if value > 0 { covered += 1 }
    }
    return Metric(covered: covered, count: count)
  }

  /// 1-based numbers of executable lines that never ran.
  public var uncoveredLines: [Int] {
    rawCounts.indices.filter { rawCounts[$0] == 0 }.map { $0 + 1 }
  }

  /// The view with `lines` (1-based) made unmapped.
  public func masking(_ lines: Set<Int>) -> LineView {
    guard !lines.isEmpty else { return self }
    var copy = self
    for line in lines where line >= 1 && line <= copy.rawCounts.count {
      copy.rawCounts[line - 1] = Self.unmapped
    }
    return copy
  }
}
