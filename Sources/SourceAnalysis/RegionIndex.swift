import CoverageModel

/// A file's code regions. Identical ranges of one function (instantiations of a generic, one
/// function in several test binaries) are added up as llvm-cov adds them for the file's line
/// view; identical ranges of different functions (an autoclosure and the closure literal it
/// returns) are not one count, and where their counts differ the range is ambiguous.
struct RegionIndex {
  /// What the regions say about one place.
  enum Lookup: Equatable {
    case missing
    /// Functions that share the range disagree.
    case ambiguous
    case count(UInt64)
  }

  private struct Entry {
    var start: SourceLocation
    var end: SourceLocation
    var lookup: Lookup
  }

  /// Sorted by start, then by end, outermost first among equal starts; one entry per range.
  private let entries: [Entry]

  /// - Parameter records: each function's name and its code regions in the file.
  init(_ records: [(name: String, regions: [Region])]) {
    var sorted: [(start: SourceLocation, end: SourceLocation, name: String, count: UInt64)] = []
    for record in records {
      for region in record.regions where region.kind == .code {
        sorted.append((region.start, region.end, record.name, region.count))
      }
    }
    sorted.sort { ($0.start, $1.end, $0.name) < ($1.start, $0.end, $1.name) }
    var entries: [Entry] = []
    entries.reserveCapacity(sorted.count)
    var furthestEnd: SourceLocation?
    var nested = false
    var index = sorted.startIndex
    while index < sorted.endIndex {
      let first = sorted[index]
      // One sum per function over the regions of this range, then one count for the range.
      var sums: [UInt64] = []
      var name: String?
      while index < sorted.endIndex, sorted[index].start == first.start,
        sorted[index].end == first.end
      {
        if sorted[index].name != name {
          sums.append(0)
          name = sorted[index].name
        }
        let (sum, overflow) = sums[sums.count - 1].addingReportingOverflow(sorted[index].count)
        sums[sums.count - 1] = overflow ? .max : sum
        index += 1
      }
      if let end = furthestEnd, first.start < end { nested = true }
      furthestEnd = max(furthestEnd ?? first.end, first.end)
      let agreed = sums.allSatisfy { $0 == sums[0] }
      entries.append(
        Entry(start: first.start, end: first.end, lookup: agreed ? .count(sums[0]) : .ambiguous))
    }
    self.entries = entries
    self.hasNestedRegions = nested
  }

  /// Whether a region starts inside another: every outcome of a decision is such a region, so
  /// a file without one has no decision with data and need not be parsed.
  let hasNestedRegions: Bool

  /// The region that starts exactly at `location` (the outermost, if several do).
  func count(startingAt location: SourceLocation) -> Lookup {
    let first = entries.partitioningIndex { $0.start >= location }
    return first < entries.count && entries[first].start == location
      ? entries[first].lookup : .missing
  }

  /// The innermost region that holds `location`: how often code there ran.
  func count(at location: SourceLocation) -> Lookup {
    // The latest start at or before the location whose range still holds it.
    var upper = entries.partitioningIndex { $0.start > location }
    while upper > 0 {
      upper -= 1
      let entry = entries[upper]
      if location < entry.end { return entry.lookup }
    }
    return .missing
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
