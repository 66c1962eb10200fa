import CoverageModel

/// A file's code regions. Identical ranges of one function (instantiations of a generic, one
/// function in several test binaries) are added up as llvm-cov adds them for the file's line
/// view; identical ranges of different functions are not one count. Where a closure literal's
/// body shares its range with the code around it (`f ?? { 7 }`: the autoclosure; `c ? { 1 } :
/// { 2 }`: the function's arm), the record names tell them apart: the region that starts there
/// is the surrounding code's, and code inside the braces ran as often as the closure's body.
/// Other functions that share a range with different counts make it ambiguous.
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
    /// The count of the region that starts here (an arm, an operand).
    var lookup: Lookup
    /// The count of code inside the range: a closure literal's body where one shares it.
    var inside: Lookup
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
      let (lookup, inside) =
        next == index + 1
        ? (Lookup.count(first.count), Lookup.count(first.count))
        : Self.shared(sorted[index..<next].map { (records[$0.record].name, $0.count) })
      entries.append(Entry(start: first.start, end: first.end, lookup: lookup, inside: inside))
      index = next
    }
    self.entries = entries
    self.hasNestedRegions = nested
  }

  /// The counts of a range several regions share, summed per function (by name): one count
  /// where the functions agree; where they do not, the surrounding code's (the region that
  /// starts there) and the closure literal's (the code inside) when exactly those two kinds of
  /// function share it; else ambiguous.
  private static func shared(_ regions: [(name: String, count: UInt64)]) -> (
    starting: Lookup, inside: Lookup
  ) {
    var sums: [String: UInt64] = [:]
    for (name, count) in regions {
      let (sum, overflow) = sums[name, default: 0].addingReportingOverflow(count)
      sums[name] = overflow ? .max : sum
    }
    let counts = Set(sums.values)
    if counts.count == 1 { return (.count(counts.first!), .count(counts.first!)) }
    let literals = Set(sums.filter { isClosureLiteral($0.key) }.values)
    let surrounding = Set(sums.filter { !isClosureLiteral($0.key) }.values)
    guard literals.count == 1, surrounding.count == 1 else { return (.ambiguous, .ambiguous) }
    return (.count(surrounding.first!), .count(literals.first!))
  }

  /// Whether a function record is a closure literal's: its mangled name ends in `fU_` or
  /// `fU<n>_` (an autoclosure's ends in `fu_`, a function's in its signature).
  static func isClosureLiteral(_ name: String) -> Bool {
    var bytes = name.utf8.reversed().makeIterator()
    guard bytes.next() == UInt8(ascii: "_") else { return false }
    var next = bytes.next()
    while let digit = next, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) {
      next = bytes.next()
    }
    return next == UInt8(ascii: "U") && bytes.next() == UInt8(ascii: "f")
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
    innermost(holding: location)?.inside ?? .missing
  }

  /// Where the innermost region that holds `location` starts.
  func start(holding location: SourceLocation) -> SourceLocation? {
    innermost(holding: location)?.start
  }

  private func innermost(holding location: SourceLocation) -> Entry? {
    // The latest start at or before the location whose range still holds it.
    var upper = entries.partitioningIndex { $0.start > location }
    while upper > 0 {
      upper -= 1
      let entry = entries[upper]
      if location < entry.end { return entry }
    }
    return nil
  }

  /// The largest count of a region inside the one that starts at `location` (nil when none
  /// starts there or nothing is inside it).
  func largestCountInside(regionStartingAt location: SourceLocation) -> UInt64? {
    let first = entries.partitioningIndex { $0.start >= location }
    guard first < entries.count, entries[first].start == location else { return nil }
    let outer = entries[first]
    var largest: UInt64?
    var index = first + 1
    while index < entries.count, entries[index].start < outer.end {
      if entries[index].end <= outer.end, case .count(let count) = entries[index].lookup,
        count < OutcomeDerivation.implausible
      {
        largest = max(largest ?? 0, count)
      }
      index += 1
    }
    return largest
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
