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
    // Records by number: a name is compared only where two regions share a range.
    var sorted: [(start: SourceLocation, end: SourceLocation, record: Int, count: UInt64)] = []
    for (number, record) in records.enumerated() {
      for region in record.regions where region.kind == .code {
        sorted.append((region.start, region.end, number, region.count))
      }
    }
    sorted.sort { ($0.start, $1.end) < ($1.start, $0.end) }
    var entries: [Entry] = []
    entries.reserveCapacity(sorted.count)
    var furthestEnd: SourceLocation?
    var nested = false
    var index = sorted.startIndex
    while index < sorted.endIndex {
      let first = sorted[index]
      var next = index + 1
      while next < sorted.endIndex, sorted[next].start == first.start,
        sorted[next].end == first.end
      {
        next += 1
      }
      if let end = furthestEnd, first.start < end { nested = true }
      furthestEnd = max(furthestEnd ?? first.end, first.end)
      let lookup =
        next == index + 1
        ? Lookup.count(first.count)
        : Self.shared(sorted[index..<next].map { (records[$0.record].name, $0.count) })
      entries.append(Entry(start: first.start, end: first.end, lookup: lookup))
      index = next
    }
    self.entries = entries
    self.hasNestedRegions = nested
  }

  /// The count of a range several regions share: summed per function (by name), one count
  /// where the functions agree, ambiguous where they do not.
  private static func shared(_ regions: [(name: String, count: UInt64)]) -> Lookup {
    var sums: [String: UInt64] = [:]
    for (name, count) in regions {
      let (sum, overflow) = sums[name, default: 0].addingReportingOverflow(count)
      sums[name] = overflow ? .max : sum
    }
    let counts = Set(sums.values)
    return counts.count == 1 ? .count(counts.first!) : .ambiguous
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
