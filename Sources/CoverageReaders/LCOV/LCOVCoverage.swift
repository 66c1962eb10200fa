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
  /// a count beyond it means the tracefile is older than the source (`staleSources`: refused
  /// for a gated source, once the layers are known).
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
    var stale: [StaleSource] = []
    for (source, entries) in bySource {
      let file = merge(source, entries, named: named)
      if let last = file.lineView?.lineCount, let count = lineCount(source), last > count {
        let writer = entries.first { ($0.record.lines.map(\.line).max() ?? 0) == last }
        stale.append(
          StaleSource(
            report: paths[writer?.run ?? 0], source: source, line: last, lineCount: count))
      }
      files.append(file)
    }
    var data = CoverageData(files: files, capabilities: .lcov)
    data.staleSources = stale.sorted { $0.source < $1.source }
    if named { data.runNames = paths.map(runName) }
    data.inputNotes = notes(runs, from: paths, root: root)
    return data
  }

  /// What reading `runs` adjusted, per tracefile: unknown records skipped, a file's records
  /// merged, stated `LF`/`LH` that are not the `DA:` lines.
  static func notes(_ runs: [[LCOVRecord]], from paths: [String], root: String) -> [String] {
    var notes: [String] = []
    for (run, records) in runs.enumerated() {
      let name = (paths[run] as NSString).lastPathComponent
      var skipped: [String: Int] = [:]
      var order: [String] = []
      for tag in records.lazy.flatMap(\.skippedTags) {
        if skipped[tag] == nil { order.append(tag) }
        skipped[tag, default: 0] += 1
      }
      for tag in order {
        let count = skipped[tag]!
        notes.append(
          "\(name): \(tag): is no LCOV record (\(tag == "BFH" ? "Xcode's llvm-cov writes it for BRH:; " : "")in \(count) record\(count == 1 ? "" : "s")): skipped, as lcov 1.x and genhtml skip it"
        )
      }
      let bySource = Dictionary(grouping: records) { absolute($0.source, root: root) }.filter {
        $0.value.count > 1
      }
      if !bySource.isEmpty {
        let merged = bySource.values.reduce(0) { $0 + $1.count }
        notes.append(
          "\(name): \(bySource.count) file\(bySource.count == 1 ? " is" : "s are") in several records (\(merged) records: one per object file or test target): their lines merged by adding counts, functions by name, as lcov merges them"
        )
      }
      var disagreeing = 0
      var stated = (found: 0, hit: 0)
      var counted = (found: 0, hit: 0)
      for record in records {
        guard let lines = record.statedLines else { continue }
        var counts: [Int: UInt64] = [:]
        for line in record.lines { counts[line.line, default: 0] += line.count }
        let found = counts.count
        let hit = counts.values.count { $0 > 0 }
        stated.found += lines.found
        stated.hit += lines.hit
        counted.found += found
        counted.hit += hit
        if lines.found != found || lines.hit != hit { disagreeing += 1 }
      }
      if disagreeing > 0 {
        notes.append(
          "\(name): \(disagreeing) record\(disagreeing == 1 ? "'s" : "s'") LF/LH differ from their DA: lines (stated \(stated.hit)/\(stated.found) lines hit, the DA: lines \(counted.hit)/\(counted.found); llvm-cov writes its summary's counts there): covgate counts the DA: lines, as lcov does"
        )
      }
    }
    return notes
  }

  /// A run's name from its file's: `unit.lcov` and `_coverage_report.dat` name the runs
  /// `unit` and `_coverage_report`.
  static func runName(_ path: String) -> String {
    let file = (path as NSString).lastPathComponent
    let name = (file as NSString).deletingPathExtension
    return name.isEmpty ? file : name
  }

  /// An `SF:` path made absolute against `root`, `.` and `..` resolved. A Windows path
  /// (`C:\\src\\main.rs`, or backslashes without a drive) is read with `/` for its separators
  /// and kept absolute with its drive (`C:/src/main.rs`), for path detection or `--path-map`
  /// to place on this machine.
  static func absolute(_ source: String, root: String) -> String {
    let source = WindowsPath.slashed(source)
    if WindowsPath.hasDrive(source) { return source }
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
