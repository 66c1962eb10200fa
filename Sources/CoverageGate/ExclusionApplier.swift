import CoverageModel
import LLVMCoverage

/// Takes the lines of in-source exclusion markers out of kept files, recomputing their figures
/// from the function records as llvm-cov would for the remaining code.
public enum ExclusionApplier {
  /// - Parameters:
  ///   - markers: per package-relative path, the markers found in its source.
  ///   - functions: the export's function records (needed for files with line markers).
  ///   - capabilities: what the data holds; without function records (xccov's, LCOV's) a file
  ///     with line markers is recomputed from its line view, its functions kept or dropped by
  ///     their first line.
  /// - Returns: the files still kept, files excluded whole, and every exclusion with whether
  ///   its code ran anyway.
  public static func apply(
    _ markers: [String: [ExclusionMarker]], to files: [ScopedFile], functions: [FunctionRecord],
    capabilities: Capabilities = .llvmCov
  ) throws -> (files: [ScopedFile], excludedFiles: [ExcludedFile], exclusions: [Exclusion]) {
    guard !markers.isEmpty else { return (files, [], []) }
    var kept: [ScopedFile] = []
    var excludedFiles: [ExcludedFile] = []
    var exclusions: [Exclusion] = []
    for file in files {
      guard let found = markers[file.path], !found.isEmpty else {
        kept.append(file)
        continue
      }
      let view = file.coverage.lineView
      if let whole = found.first(where: { $0.lines == nil }) {
        excludedFiles.append(
          ExcludedFile(path: file.path, reason: "covgate:ignore-file: \(whole.reason)"))
        exclusions.append(
          Exclusion(
            path: file.path, firstLine: 1, lastLine: view?.lineCount ?? 0, wholeFile: true,
            reason: whole.reason,
            ranAnyway: file.summary.lines.covered > 0))
        continue
      }
      var lines = Set<Int>()
      for marker in found {
        guard let range = marker.lines else { continue }
        lines.formUnion(range)
        let ran = range.contains { (view?.count(line: $0) ?? 0) > 0 }
        exclusions.append(
          Exclusion(
            path: file.path, firstLine: range.lowerBound, lastLine: range.upperBound,
            wholeFile: false,
            reason: marker.reason, ranAnyway: ran))
      }
      if !capabilities.functionRegions {
        kept.append(
          try recomputedFromLines(file, excluding: lines, fix: capabilities.lineCountsFix))
        continue
      }
      try checkSummary(of: file, functions: functions)
      var recomputed = try FunctionSummarizer.fileCoverage(
        path: file.coverage.path, functions: functions, excluding: lines)
      recomputed.functions = file.coverage.functions.filter { !lines.contains($0.line) }
      recomputed.missedRegions = file.coverage.missedRegions.filter {
        !lines.contains($0.start.line)
      }
      var updated = file
      updated.coverage = recomputed
      kept.append(updated)
    }
    return (kept, excludedFiles, exclusions)
  }

  /// A file of data without function records, its marked lines taken out of its line view.
  static func recomputedFromLines(
    _ file: ScopedFile, excluding lines: Set<Int>, fix: String? = nil
  ) throws -> ScopedFile {
    guard let view = file.coverage.lineView else {
      throw MarkersNeedLines(path: file.path, fix: fix)
    }
    var updated = file
    let masked = view.masking(lines)
    updated.coverage.lineView = masked
    updated.coverage.functions = file.coverage.functions.filter { !lines.contains($0.line) }
    updated.coverage.missedRegions = file.coverage.missedRegions.filter {
      !lines.contains($0.start.line)
    }
    updated.coverage.producerBranches = file.coverage.producerBranches.filter {
      !lines.contains($0.line)
    }
    let functions = updated.coverage.functions
    updated.coverage.summary = Summary(
      lines: masked.metric,
      functions: functions.ranMetric, branches: updated.coverage.producerBranches.metric)
    return updated
  }

  /// The figures of a file with markers are recomputed from its function records, so the
  /// export's own summary must agree with them: if it does not, the data is damaged.
  static func checkSummary(of file: ScopedFile, functions: [FunctionRecord]) throws {
    let recomputed = try FunctionSummarizer.summary(path: file.coverage.path, functions: functions)
    for kind in MetricKind.gateable where recomputed[kind] != file.summary[kind] {
      throw SummaryMismatch(
        path: file.path, metric: kind, summary: file.summary[kind], records: recomputed[kind])
    }
  }
}

/// An export whose summary of a file disagrees with the file's own function records.
public struct SummaryMismatch: Error, Equatable, CustomStringConvertible {
  public var path: String
  public var metric: MetricKind
  public var summary: Metric
  public var records: Metric

  public var description: String {
    "the export's summary of \(path) gives \(metric.rawValue) \(summary.covered)/\(summary.count), "
      + "its function records give \(records.covered)/\(records.count); the export is damaged or was edited "
      + "(covgate recomputes this file from its records to honour its exclusion markers): export it again"
  }
}

/// Line exclusion markers in a file whose data has no per-line counts (an xccov report without
/// its archive); `fix` is how its reader's data gets them.
public struct MarkersNeedLines: Error, Equatable, CustomStringConvertible {
  public var path: String
  public var fix: String?

  public var description: String {
    "\(path) has covgate:ignore markers on lines, and the coverage data has no per-line counts for it; \(fix ?? "measure with a tool whose data has them (covgate run)")"
  }
}
