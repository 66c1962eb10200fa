import CoverageModel
import Foundation

/// Turns LCOV tracefiles into covgate's coverage data: per source file, lines from `DA:` and
/// functions from `FN:`/`FNDA:`. LCOV has no regions or instantiations, so those stay empty
/// (`n/a`), never 0%. `BRDA:` records are the producer's branches (clang's, for C and
/// Objective-C): reported as measured, never mixed with the branches covgate derives for Swift
/// (LCOV has no regions to derive from).
///
/// A file's records merge line by line wherever they come from (Bazel writes one per test
/// target that ran it; several tracefiles add up): counts added, functions matched by name.
public enum LCOVCoverage {
  /// Reads and merges `paths`. A relative `SF:` path is taken from `root` (Bazel writes them
  /// relative to the workspace). `lineCount` gives a source's line count where it is on disk:
  /// a count beyond it means the tracefile is older than the source, and is refused.
  public static func read(
    paths: [String], root: String, lineCount: (String) -> Int? = { _ in nil }
  ) throws -> CoverageData {
    try data(
      paths.map { try LCOVParser.read(path: $0) }, from: paths, root: root, lineCount: lineCount)
  }

  /// The coverage of parsed tracefiles, each read `from` the path in the same position.
  public static func data(
    _ runs: [[LCOVRecord]], from paths: [String], root: String,
    lineCount: (String) -> Int? = { _ in nil }
  ) throws -> CoverageData {
    var bySource: [String: [(run: Int, record: LCOVRecord)]] = [:]
    for (run, records) in runs.enumerated() {
      for record in records {
        bySource[absolute(record.source, root: root), default: []].append((run, record))
      }
    }
    // Runs past the 64th are merged without saying which ran a line.
    let named = runs.count > 1 && runs.count <= 64
    var files: [FileCoverage] = []
    for (source, entries) in bySource {
      let file = merge(source, entries, named: named)
      if let last = file.lineView?.lineCount, let count = lineCount(source), last > count {
        let writer = entries.first { ($0.record.lines.map(\.line).max() ?? 0) == last }
        throw LCOVError.beyondEnd(
          path: paths[writer?.run ?? 0], source: source, line: last, lineCount: count)
      }
      files.append(file)
    }
    var data = CoverageData(files: files, capabilities: .lcov)
    if named { data.runNames = paths.map(runName) }
    return data
  }

  /// A run's name from its file's: `unit.lcov` and `_coverage_report.dat` name the runs
  /// `unit` and `_coverage_report`.
  static func runName(_ path: String) -> String {
    let file = (path as NSString).lastPathComponent
    let name = (file as NSString).deletingPathExtension
    return name.isEmpty ? file : name
  }

  /// An `SF:` path made absolute against `root`, `.` and `..` resolved.
  static func absolute(_ source: String, root: String) -> String {
    let joined = source.hasPrefix("/") ? source : "\(root)/\(source)"
    return (joined as NSString).standardizingPath
  }

  /// One source's records as one file.
  private static func merge(
    _ source: String, _ entries: [(run: Int, record: LCOVRecord)], named: Bool
  ) -> FileCoverage {
    let length = entries.flatMap { $0.record.lines.map(\.line) }.max() ?? 0
    var counts = [UInt64](repeating: LineView.unmapped, count: length)
    var ranBy = [UInt64](repeating: 0, count: named ? length : 0)
    for (run, record) in entries {
      for line in record.lines {
        let known = counts[line.line - 1]
        counts[line.line - 1] = LCOVParser.added(known == LineView.unmapped ? 0 : known, line.count)
        if named, line.count > 0 { ranBy[line.line - 1] |= 1 << UInt64(run) }
      }
    }
    let view = LineView(rawCounts: counts)
    // One record (the usual case) names each function once already.
    let merged = entries.count == 1 ? entries[0].record.functions : mergedFunctions(entries)
    let listed = merged.map {
      FunctionCoverage(
        name: $0.name, displayName: $0.name, line: $0.line, column: 1, count: $0.count)
    }.sorted { ($0.line, $0.name) < ($1.line, $1.name) }
    let branches = mergedBranches(entries)
    var file = FileCoverage(
      path: source,
      summary: Summary(lines: view.metric, functions: listed.ranMetric, branches: branches.metric),
      lineView: view, functions: listed)
    file.producerBranches = branches
    file.runsByLine = named ? ranBy : nil
    return file
  }

  /// The branch outcomes of a source's records, matched by line, block and branch, counts
  /// added (an outcome whose line never ran in one record keeps the other's count), by line.
  static func mergedBranches(_ entries: [(run: Int, record: LCOVRecord)]) -> [ProducerBranch] {
    var merged: [ProducerBranch] = []
    var index: [ProducerBranch: Int] = [:]
    for branch in entries.lazy.flatMap(\.record.branches) {
      var key = branch
      key.taken = nil
      if let known = index[key] {
        if let taken = branch.taken {
          merged[known].taken = LCOVParser.added(merged[known].taken ?? 0, taken)
        }
      } else {
        index[key] = merged.count
        merged.append(branch)
      }
    }
    return merged.enumerated().sorted {
      ($0.element.line, $0.offset) < ($1.element.line, $1.offset)
    }
    .map(\.element)
  }

  /// The functions of several records, matched by name, counts added.
  private static func mergedFunctions(_ entries: [(run: Int, record: LCOVRecord)])
    -> [LCOVFunction]
  {
    var functions: [String: LCOVFunction] = [:]
    var order: [String] = []
    for function in entries.lazy.flatMap(\.record.functions) {
      if var known = functions[function.name] {
        known.count = LCOVParser.added(known.count, function.count)
        functions[function.name] = known
      } else {
        functions[function.name] = function
        order.append(function.name)
      }
    }
    return order.compactMap { functions[$0] }
  }
}
