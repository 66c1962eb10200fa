import CoverageModel

/// Turns regions into llvm-cov's coverage segments, as `llvm-cov export` writes them.
///
/// A port of LLVM's `SegmentBuilder` (llvm/lib/ProfileData/Coverage/CoverageMapping.cpp):
/// sort the regions, combine identical ones, then sweep them with a stack of active regions,
/// emitting a segment wherever the count in force changes.
struct SegmentBuilder {
  /// `[line, col, count, hasCount, isRegionEntry, isGapRegion]` of llvm-cov's JSON.
  struct Segment: Hashable, Sendable {
    var line: Int
    var column: Int
    /// Zero when the segment has no count.
    var count: UInt64
    var hasCount: Bool
    var isRegionEntry: Bool
    var isGapRegion: Bool

    var location: SourceLocation { SourceLocation(line: line, column: column) }
  }

  private var segments: [Segment] = []
  /// Regions that started and have not ended yet, outermost first.
  private var activeRegions: [Region] = []

  /// The segments of `regions`, sorted by location (`SegmentBuilder::buildSegments`).
  static func buildSegments(_ regions: [Region]) -> [Segment] {
    var builder = SegmentBuilder()
    builder.buildSegmentsImpl(combineRegions(sortNestedRegions(regions)))
    return builder.segments
  }

  /// Sorts by start, then the enclosing region first, then Code before Expansion before Skipped.
  static func sortNestedRegions(_ regions: [Region]) -> [Region] {
    regions.sorted { lhs, rhs in
      if lhs.start != rhs.start { return lhs.start < rhs.start }
      if lhs.end != rhs.end { return rhs.end < lhs.end }
      return lhs.kind.rawValue < rhs.kind.rawValue
    }
  }

  /// Merges regions that cover the same range: the first one stays and takes the counts of
  /// the others of its own kind (a Code region never adds an Expansion region's count).
  static func combineRegions(_ sorted: [Region]) -> [Region] {
    var combined: [Region] = []
    combined.reserveCapacity(sorted.count)
    for region in sorted {
      guard let active = combined.last, active.start == region.start, active.end == region.end
      else {
        combined.append(region)
        continue
      }
      if region.kind == active.kind {
        combined[combined.count - 1].count = ExecutionCount.sum(active.count, region.count)
      }
    }
    return combined
  }

  /// Emits a segment with `region`'s count at `start`, unless it would change nothing.
  ///
  /// `isRegionEntry`: the segment starts a new non-gap region; `emitSkippedRegion`: the segment
  /// must be emitted without a count.
  private mutating func startSegment(
    _ region: Region, at start: SourceLocation, isRegionEntry: Bool,
    emitSkippedRegion: Bool = false
  ) {
    let hasCount = !emitSkippedRegion && region.kind != .skipped
    if let last = segments.last, !isRegionEntry, !emitSkippedRegion,
      last.hasCount == hasCount, last.count == region.count, !last.isRegionEntry
    {
      return
    }
    segments.append(
      Segment(
        line: start.line, column: start.column, count: hasCount ? region.count : 0,
        hasCount: hasCount, isRegionEntry: isRegionEntry,
        isGapRegion: hasCount && region.kind == .gap))
  }

  /// Emits segments for the active regions from `firstCompleted` on, which end before `location`
  /// (all of them when `location` is nil), then pops them.
  private mutating func completeRegionsUntil(_ location: SourceLocation?, firstCompleted: Int) {
    // Sort the completed regions by end location, stably, to emit closing segments in order.
    let completed = activeRegions[firstCompleted...].enumerated()
      .sorted { ($0.element.end, $0.offset) < ($1.element.end, $1.offset) }
      .map(\.element)
    activeRegions.replaceSubrange(firstCompleted..., with: completed)

    let end = activeRegions.count
    for index in (firstCompleted + 1)..<max(end, firstCompleted + 1) {
      var completedRegion = activeRegions[index]
      let completedSegmentLocation = activeRegions[index - 1].end
      // Don't emit any more segments if they start where the new region begins.
      if let location, completedSegmentLocation == location { break }
      // Don't emit a segment if the next completed region ends at the same location.
      if completedSegmentLocation == completedRegion.end { continue }
      // Use the count from the last completed region which ends at this location.
      for later in activeRegions[(index + 1)..<end] where later.end == completedRegion.end {
        completedRegion = later
      }
      startSegment(completedRegion, at: completedSegmentLocation, isRegionEntry: false)
    }

    guard let last = activeRegions.last else { return }
    if firstCompleted > 0, last.end != location {
      // Fill the gap after the last completed region with the innermost region still active.
      startSegment(activeRegions[firstCompleted - 1], at: last.end, isRegionEntry: false)
    } else if firstCompleted == 0, location != last.end {
      // No region is active any more: mark the gap (between functions) as skipped.
      startSegment(last, at: last.end, isRegionEntry: false, emitSkippedRegion: true)
    }
    activeRegions.removeSubrange(firstCompleted...)
  }

  private mutating func buildSegmentsImpl(_ regions: [Region]) {
    for (index, region) in regions.enumerated() {
      let start = region.start
      popRegionsEnding(atOrBefore: start)
      let isGap = region.kind == .gap
      let isLast = index + 1 == regions.count

      if start == region.end {
        // Never make a zero-length region active. As the last region, or a skipped one, it
        // becomes a skipped segment; otherwise it takes its predecessor's count.
        let skipped = isLast || region.kind == .skipped
        startSegment(
          activeRegions.last ?? region, at: start, isRegionEntry: !isGap,
          emitSkippedRegion: skipped)
        if skipped, let enclosing = activeRegions.last {
          startSegment(enclosing, at: start, isRegionEntry: false)
        }
        continue
      }
      // Emit a segment unless the next region starts at the same location.
      if isLast || start != regions[index + 1].start {
        startSegment(region, at: start, isRegionEntry: !isGap)
      }
      activeRegions.append(region)
    }
    if !activeRegions.isEmpty {
      completeRegionsUntil(nil, firstCompleted: 0)
    }
  }

  /// Moves the active regions that end at or before `location` behind the others, keeping the
  /// order within each part (`std::stable_partition`), and completes them.
  private mutating func popRegionsEnding(atOrBefore location: SourceLocation) {
    let open = activeRegions.filter { !($0.end <= location) }
    guard open.count < activeRegions.count else { return }
    activeRegions = open + activeRegions.filter { $0.end <= location }
    completeRegionsUntil(location, firstCompleted: open.count)
  }
}
