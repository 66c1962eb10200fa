import CoverageModel

/// Builds `llvm-cov show`'s line view from a file's segments as they stream in.
///
/// Follows LLVM's `LineCoverageStats`: a line's count is the maximum of the count in force
/// when it begins (the wrapped segment) and the counts of regions that start on it.
struct LineViewBuilder {
  /// Lines past this one are taken for damaged data rather than source.
  static let maximumLine = 50_000_000

  /// Whether the counts are kept; when no report needs the view, segments are only checked
  /// (sorted, on real lines) and nothing is stored.
  let keepsCounts: Bool

  init(keepsCounts: Bool = true) {
    self.keepsCounts = keepsCounts
  }

  private var counts: [UInt64] = []
  /// The last segment of the previous line that had segments.
  private var wrapped: (count: UInt64, hasCount: Bool)?
  /// The line whose segments are being collected (0 before the first segment).
  private var line = 0
  private var isFirstOnLine = true
  private var startsSkippedRegion = false
  private var hasRegionStart = false
  private var hasEntryWithCount = false
  private var maxStartCount: UInt64 = 0
  private var last: (count: UInt64, hasCount: Bool) = (0, false)

  /// Adds one segment; segments must arrive sorted by line and column.
  mutating func add(
    line segmentLine: Int, count: UInt64, hasCount: Bool, isRegionEntry: Bool, isGap: Bool
  ) throws {
    guard segmentLine >= 1, segmentLine >= line else {
      throw LineViewError.unsorted(line: segmentLine)
    }
    guard segmentLine < Self.maximumLine else { throw LineViewError.unsorted(line: segmentLine) }
    guard keepsCounts else {
      line = segmentLine
      return
    }
    if segmentLine > line {
      if line > 0 { finishLine() }
      fillUnsegmentedLines(until: segmentLine)
      line = segmentLine
      isFirstOnLine = true
      hasRegionStart = false
      hasEntryWithCount = false
      maxStartCount = 0
    }
    if isFirstOnLine {
      startsSkippedRegion = !hasCount && isRegionEntry
      isFirstOnLine = false
    }
    if hasCount && isRegionEntry {
      hasEntryWithCount = true
      if !isGap {
        hasRegionStart = true
        maxStartCount = max(maxStartCount, count)
      }
    }
    last = (count, hasCount)
  }

  /// The finished view (empty when counts are not kept).
  mutating func build() -> LineView {
    guard keepsCounts else { return LineView(rawCounts: []) }
    if line > 0 {
      finishLine()
      line = 0
    }
    return LineView(rawCounts: counts)
  }

  private mutating func finishLine() {
    var mapped = !startsSkippedRegion && ((wrapped?.hasCount ?? false) || hasRegionStart)
    mapped = mapped || hasEntryWithCount
    if mapped {
      var count = wrapped?.count ?? 0
      if hasRegionStart { count = max(count, maxStartCount) }
      counts.append(count)
    } else {
      counts.append(LineView.unmapped)
    }
    wrapped = last
  }

  /// Lines without segments take the count in force, or are unmapped.
  private mutating func fillUnsegmentedLines(until nextLine: Int) {
    let gap = nextLine - counts.count - 1
    guard gap > 0 else { return }
    let value = wrapped.map { $0.hasCount ? $0.count : LineView.unmapped } ?? LineView.unmapped
    counts.append(contentsOf: repeatElement(value, count: gap))
  }
}

enum LineViewError: Error {
  case unsorted(line: Int)
}
