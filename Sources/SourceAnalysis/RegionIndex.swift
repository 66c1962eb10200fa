import CoverageModel

/// A file's code regions, identical ranges (instantiations of one generic, one function in
/// several test binaries) added up as llvm-cov adds them for the file's line view.
struct RegionIndex {
  private struct Entry {
    var start: SourceLocation
    var end: SourceLocation
    var count: UInt64
  }

  /// Sorted by start, then by end, outermost first among equal starts.
  private let entries: [Entry]
  private let outermostByStart: [SourceLocation: UInt64]

  init(_ regions: [Region]) {
    var byRange: [SourceRange: UInt64] = [:]
    for region in regions where region.kind == .code {
      let range = SourceRange(start: region.start, end: region.end)
      let (sum, overflow) = (byRange[range] ?? 0).addingReportingOverflow(region.count)
      byRange[range] = overflow ? .max : sum
    }
    let entries = byRange.map { Entry(start: $0.key.start, end: $0.key.end, count: $0.value) }
      .sorted { ($0.start, $1.end) < ($1.start, $0.end) }
    var outermost: [SourceLocation: UInt64] = [:]
    var furthestEnd: SourceLocation?
    var nested = false
    for entry in entries {
      if outermost[entry.start] == nil { outermost[entry.start] = entry.count }
      if let end = furthestEnd, entry.start < end { nested = true }
      furthestEnd = max(furthestEnd ?? entry.end, entry.end)
    }
    self.entries = entries
    self.outermostByStart = outermost
    self.hasNestedRegions = nested
  }

  /// Whether a region starts inside another: every outcome of a decision is such a region, so
  /// a file without one has no decision with data and need not be parsed.
  let hasNestedRegions: Bool

  /// The count of the region that starts exactly at `location` (the outermost, if several do).
  func count(startingAt location: SourceLocation) -> UInt64? { outermostByStart[location] }

  /// The count of the innermost region that holds `location`: how often code there ran.
  func count(at location: SourceLocation) -> UInt64? {
    // The latest start at or before the location whose range still holds it.
    var upper = entries.partitioningIndex { $0.start > location }
    while upper > 0 {
      upper -= 1
      let entry = entries[upper]
      if location < entry.end { return entry.count }
    }
    return nil
  }
}

extension Array {
  /// The first index whose element satisfies `belongsAbove`, for a predicate false then true.
  fileprivate func partitioningIndex(where belongsAbove: (Element) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if belongsAbove(self[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
