import CoverageModel

/// Recomputes llvm-cov's per-file summaries and line views from function records.
///
/// Follows llvm-cov: `CoverageReport::prepareSingleFileReport` and `FunctionCoverageSummary` for
/// the summary, `CoverageMapping::getCoverageForFile` for the line view.
public enum FunctionSummarizer {
  /// Every file the records point into, sorted by path, with its summary and line view.
  public static func fileCoverages(_ functions: [FunctionRecord]) throws -> [FileCoverage] {
    try recordsByFile(functions).sorted { $0.key < $1.key }.map { path, records in
      try fileCoverage(path: path, functions: records)
    }
  }

  /// The records that point into each file, in their original order.
  static func recordsByFile(_ functions: [FunctionRecord]) -> [String: [FunctionRecord]] {
    var index: [String: [FunctionRecord]] = [:]
    for function in functions {
      for path in Set(function.filenames) { index[path, default: []].append(function) }
    }
    return index
  }

  /// The summary and line view of `path`; records that do not point into it are ignored.
  public static func fileCoverage(path: String, functions: [FunctionRecord]) throws -> FileCoverage
  {
    let records = functions.filter { $0.filenames.contains(path) }
    return FileCoverage(
      path: path, summary: try summary(path: path, functions: records),
      lineView: try lineView(path: path, functions: records))
  }

  /// The coverage of `path` with `excluded` lines taken out: functions defined there and code
  /// regions starting there are dropped, and the lines leave the line view and line counts.
  public static func fileCoverage(
    path: String, functions: [FunctionRecord], excluding excluded: Set<Int>
  )
    throws -> FileCoverage
  {
    let kept = functions.filter { $0.filenames.contains(path) }.compactMap {
      function -> FunctionRecord? in
      guard let main = mainFileID(function), function.filenames[main] == path else {
        return function
      }
      if let first = function.regions.first(where: { $0.fileID == main }),
        excluded.contains(first.lineStart)
      {
        return nil
      }
      var trimmed = function
      trimmed.regions.removeAll {
        $0.fileID == main && $0.kind == .code && excluded.contains($0.lineStart)
      }
      return trimmed
    }
    return FileCoverage(
      path: path, summary: try summary(path: path, functions: kept, excluding: excluded),
      lineView: try lineView(path: path, functions: kept).masking(excluded))
  }

  /// llvm-cov's summary of `path`: the instantiation groups of the functions defined there.
  ///
  /// Functions whose definitions start at the same place form a group, counted as one function
  /// (executed when the sum of its members' counts is not zero) with the highest region and line
  /// figures of its members; each member is one instantiation.
  public static func summary(
    path: String, functions: [FunctionRecord], excluding excluded: Set<Int> = []
  )
    throws -> Summary
  {
    var summary = Summary()
    for members in instantiationGroups(path: path, functions: functions) {
      var regions = Metric.zero
      var lines = Metric.zero
      var total: UInt64 = 0
      for function in members {
        let instantiation = try functionSummary(function, path: path, excluding: excluded)
        regions = highest(regions, instantiation.regions)
        lines = highest(lines, instantiation.lines)
        total = ExecutionCount.sum(total, function.count)
        summary.instantiations += Metric(covered: function.count > 0 ? 1 : 0, count: 1)
      }
      summary.functions += Metric(covered: total > 0 ? 1 : 0, count: 1)
      summary.regions += regions
      summary.lines += lines
    }
    return summary
  }

  /// The line view `llvm-cov show` prints for `path`, from every region of the file.
  public static func lineView(path: String, functions: [FunctionRecord]) throws -> LineView {
    try lineView(of: fileSegments(path: path, functions: functions), path: path)
  }

  /// The segments llvm-cov exports for `path` (`getCoverageForFile`).
  static func fileSegments(path: String, functions: [FunctionRecord]) -> [SegmentBuilder.Segment] {
    var regions: [Region] = []
    for function in functions {
      let fileIDs = Set(function.filenames.indices.filter { function.filenames[$0] == path })
      guard !fileIDs.isEmpty else { continue }
      regions += function.regions.filter { fileIDs.contains($0.fileID) && isMapping($0) }
    }
    return SegmentBuilder.buildSegments(regions)
  }

  /// The segments of one function in the file that defines it (`getCoverageForFunction`).
  static func functionSegments(_ function: FunctionRecord) -> [SegmentBuilder.Segment] {
    guard let main = mainFileID(function) else { return [] }
    return SegmentBuilder.buildSegments(
      function.regions.filter { $0.fileID == main && isMapping($0) })
  }

  /// The groups of functions defined in `path`, keyed by where their first region there starts.
  static func instantiationGroups(path: String, functions: [FunctionRecord]) -> [[FunctionRecord]] {
    var groups: [SourceLocation: [FunctionRecord]] = [:]
    for function in functions {
      guard let main = mainFileID(function), function.filenames[main] == path,
        let first = function.regions.first(where: { $0.fileID == main })
      else { continue }
      groups[first.start, default: []].append(function)
    }
    return groups.sorted { $0.key < $1.key }.map(\.value)
  }

  /// The file that holds the definition: the first one no expansion region expands into.
  static func mainFileID(_ function: FunctionRecord) -> Int? {
    let expanded = Set(function.regions.filter { $0.kind == .expansion }.map(\.expandedFileID))
    return function.filenames.indices.first { !expanded.contains($0) }
  }

  /// Regions and lines of one function defined in `path` (`FunctionCoverageSummary::get`).
  private static func functionSummary(
    _ function: FunctionRecord, path: String, excluding excluded: Set<Int>
  )
    throws -> (regions: Metric, lines: Metric)
  {
    let code = function.regions.filter { $0.kind == .code }
    let regions = Metric(covered: code.filter { $0.count != 0 }.count, count: code.count)
    let lines = try lineView(of: functionSegments(function), path: path).masking(excluded).metric
    return (regions, lines)
  }

  /// Each figure at its highest over two instantiations (`RegionCoverageInfo::merge`).
  private static func highest(_ lhs: Metric, _ rhs: Metric) -> Metric {
    Metric(covered: max(lhs.covered, rhs.covered), count: max(lhs.count, rhs.count))
  }

  /// Whether llvm-cov keeps the region among a function's counted regions (branches go apart).
  private static func isMapping(_ region: Region) -> Bool {
    switch region.kind {
    case .code, .expansion, .skipped, .gap: true
    case .branch, .mcdcDecision, .mcdcBranch: false
    }
  }

  private static func lineView(of segments: [SegmentBuilder.Segment], path: String) throws
    -> LineView
  {
    var builder = LineViewBuilder()
    for segment in segments {
      do {
        try builder.add(
          line: segment.line, count: segment.count, hasCount: segment.hasCount,
          isRegionEntry: segment.isRegionEntry, isGap: segment.isGapRegion)
      } catch {
        throw FunctionSummaryError.overlappingRegions(path: path, line: segment.line)
      }
    }
    return builder.build()
  }
}

/// Why function records could not be summarized. Each description is one line with cause and fix.
public enum FunctionSummaryError: Error, Equatable, CustomStringConvertible {
  case overlappingRegions(path: String, line: Int)

  public var description: String {
    switch self {
    case .overlappingRegions(let path, let line):
      "the regions of \(path) overlap without nesting near line \(line), which llvm-cov never writes; export the coverage again"
    }
  }
}
