import CoverageModel

/// A file's code regions, identical ranges (instantiations of one generic, one function in
/// several test binaries) added up as llvm-cov adds them for the file's line view.
struct RegionIndex {
  private struct Entry {
    var start: SourceLocation
    var end: SourceLocation
    var count: UInt64
  }

  /// Sorted by start, then by end, outermost first among equal starts; one entry per range.
  private let entries: [Entry]

  init(_ regions: [Region]) {
    // Sorted, then equal ranges merged: no hashing of every region.
    var sorted = regions.compactMap { region in
      region.kind == .code
        ? Entry(start: region.start, end: region.end, count: region.count) : nil
    }
    sorted.sort { ($0.start, $1.end) < ($1.start, $0.end) }
    var entries: [Entry] = []
    entries.reserveCapacity(sorted.count)
    var furthestEnd: SourceLocation?
    var nested = false
    for entry in sorted {
      if let last = entries.last, last.start == entry.start, last.end == entry.end {
        let (sum, overflow) = last.count.addingReportingOverflow(entry.count)
        entries[entries.count - 1].count = overflow ? .max : sum
        continue
      }
      if let end = furthestEnd, entry.start < end { nested = true }
      furthestEnd = max(furthestEnd ?? entry.end, entry.end)
      entries.append(entry)
    }
    self.entries = entries
    self.hasNestedRegions = nested
  }

  /// Whether a region starts inside another: every outcome of a decision is such a region, so
  /// a file without one has no decision with data and need not be parsed.
  let hasNestedRegions: Bool

  /// The count of the region that starts exactly at `location` (the outermost, if several do).
  func count(startingAt location: SourceLocation) -> UInt64? {
    let first = entries.partitioningIndex { $0.start >= location }
    return first < entries.count && entries[first].start == location ? entries[first].count : nil
  }

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
