import CoverageModel
import CovgateSupport

/// Turns xccov reports (and their archives) into covgate's coverage data: per file, the
/// report's own line figures and functions, lines and partly-run lines from the archive; xccov
/// has no regions, instantiations or branches, so those stay empty (`n/a`), never 0%.
///
/// Several runs (a unit-test and a UI-test bundle of the same app) merge line by line: counts
/// added, a line executable where any run says so, a part of a line missed only where no run ran
/// it, functions matched by name and line with their counts added.
public enum XccovCoverage {
  /// One run as xccov described it.
  public struct Run: Sendable {
    public var report: XccovReport
    public var archive: [String: XccovFileLines]?
    /// What the reports call the run where they say which runs ran a line (`Unit`, `UI`).
    public var name: String

    public init(report: XccovReport, archive: [String: XccovFileLines]?, name: String = "") {
      self.report = report
      self.archive = archive
      self.name = name
    }
  }

  /// A run's name from its file's: `Unit-report.json`, `unit.xccov-report.json` and
  /// `Unit.xcresult` name the runs `Unit`, `unit` and `Unit`; `nil` when nothing is left.
  public static func runName(ofFile path: String) -> String? {
    let file = String(path.split(separator: "/").last ?? "")
    let endings = [
      ".xccov-report.json", "-report.json", "_report.json", ".report.json", ".xccov-archive.json",
      "-archive.json", "_archive.json", ".archive.json", ".json", ".xcresult",
    ]
    let name = endings.first(where: file.hasSuffix).map { String(file.dropLast($0.count)) } ?? file
    return name.isEmpty ? nil : name
  }

  /// Reads report and archive files, paired in order (no archives: a single report alone).
  /// The runs are named after the report files, or after `namedAfter` (the result bundles the
  /// reports were written from) when given.
  public static func read(reports: [String], archives: [String], namedAfter: [String]? = nil) throws
    -> CoverageData
  {
    if reports.isEmpty { return try archivesAlone(archives) }
    guard archives.isEmpty || archives.count == reports.count else {
      throw XccovError.unpaired(reports: reports.count, archives: archives.count)
    }
    guard reports.count == 1 || !archives.isEmpty else { throw XccovError.mergeNeedsArchives }
    let runs = try reports.indices.map { index in
      // The archive (the bulk) on the other core while the report is read.
      let archive =
        archives.isEmpty ? nil : Background { try XccovReader.readArchive(path: archives[index]) }
      let report = try XccovReader.readReport(path: reports[index])
      return Run(
        report: report, archive: try archive?.value(),
        name: runName(ofFile: (namedAfter ?? reports)[index]) ?? "run \(index + 1)")
    }
    return data(runs)
  }

  /// Archives without their reports: each file's lines and the parts of lines that never
  /// ran, merged line by line; no functions (only the report lists them).
  static func archivesAlone(_ archives: [String]) throws -> CoverageData {
    let runs = try archives.enumerated().map { index, path in
      Run(
        report: XccovReport(targets: []), archive: try XccovReader.readArchive(path: path),
        name: runName(ofFile: path) ?? "run \(index + 1)")
    }
    var data = data(runs)
    data.capabilities.functions = false
    return data
  }

  /// The coverage data of `runs`, merged when there are several.
  public static func data(_ runs: [Run]) -> CoverageData {
    var data = filesOf(runs)
    data.producerErrors = runs.flatMap { run in
      run.report.errors.map { runs.count > 1 ? "\(run.name): \($0)" : $0 }
    }
    data.producerTargets = targets(of: runs)
    return data
  }

  /// The targets the reports name, in their first report's order; a target several runs
  /// report (a unit and a UI run of one app) lists the files of all of them.
  static func targets(of runs: [Run]) -> [ProducerTarget] {
    var targets: [ProducerTarget] = []
    var index: [String: Int] = [:]
    for target in runs.flatMap(\.report.targets) {
      let paths = target.files.map(\.path)
      if let known = index[target.name] {
        let listed = Set(targets[known].files)
        targets[known].files += paths.filter { !listed.contains($0) }
      } else {
        index[target.name] = targets.count
        targets.append(ProducerTarget(name: target.name, files: paths))
      }
    }
    return targets
  }

  /// The files of `runs`, merged when there are several.
  private static func filesOf(_ runs: [Run]) -> CoverageData {
    let perRun = runs.map(files)
    guard perRun.count > 1 else {
      return CoverageData(files: perRun.first.map { Array($0.values) } ?? [], capabilities: .xccov)
    }
    var paths = Set<String>()
    for files in perRun { paths.formUnion(files.keys) }
    // Runs past the 64th are merged without saying which ran a line.
    let named = runs.count <= 64
    let merged = paths.map { path in
      merge(
        perRun.enumerated().compactMap { index, files in files[path].map { (index, $0) } },
        named: named)
    }
    var data = CoverageData(files: merged, capabilities: .xccov)
    if named { data.runNames = runs.map(\.name) }
    return data
  }

  /// One run's files by path; a file listed under several targets (compiled into each) is
  /// taken once, its functions from every listing.
  private static func files(_ run: Run) -> [String: FileCoverage] {
    // An archive alone: its files, each only its lines.
    if run.report.targets.isEmpty, let archive = run.archive {
      return archive.reduce(into: [:]) { files, entry in
        let view = LineView(rawCounts: entry.value.rawCounts)
        files[entry.key] = FileCoverage(
          path: entry.key, summary: Summary(lines: view.metric), lineView: view,
          missedRegions: missedRanges(entry.value.missedParts))
      }
    }
    var files: [String: FileCoverage] = [:]
    for target in run.report.targets {
      for file in target.files {
        let functions = file.functions.map {
          FunctionCoverage(
            name: $0.name,
            displayName: $0.name.isEmpty ? "(unnamed, line \($0.lineNumber))" : $0.name,
            line: $0.lineNumber, column: 1, count: $0.executionCount)
        }
        if var known = files[file.path] {
          known.functions = mergedFunctions([known.functions, functions])
          known.summary.functions = known.functions.ranMetric
          files[file.path] = known
          continue
        }
        let lines = run.archive?[file.path]
        var coverage = FileCoverage(
          path: file.path,
          summary: Summary(
            lines: Metric(covered: file.coveredLines, count: file.executableLines)),
          lineView: lines.map { LineView(rawCounts: $0.rawCounts) },
          functions: functions.sorted { ($0.line, $0.name) < ($1.line, $1.name) },
          missedRegions: lines.map { missedRanges($0.missedParts) } ?? [])
        coverage.summary.functions = coverage.functions.ranMetric
        files[file.path] = coverage
      }
    }
    return files
  }

  /// One file seen by several runs (each with its index among all runs): every run has its
  /// archive (`read` makes sure). `named`: which runs ran each line is kept.
  private static func merge(_ indexed: [(run: Int, file: FileCoverage)], named: Bool)
    -> FileCoverage
  {
    let runs = indexed.map(\.file)
    var merged = runs[0]
    let length = runs.compactMap(\.lineView?.lineCount).max() ?? 0
    var counts = [UInt64?](repeating: nil, count: length)
    var ranBy = [UInt64](repeating: 0, count: named ? length : 0)
    for (run, file) in indexed {
      guard let view = file.lineView else { continue }
      for line in stride(from: 1, through: view.lineCount, by: 1) {
        guard let count = view.count(line: line) else { continue }
        counts[line - 1] = added(counts[line - 1] ?? 0, count)
        if named, count > 0 { ranBy[line - 1] |= 1 << UInt64(run) }
      }
    }
    merged.runsByLine = named ? ranBy : nil
    let view = LineView(counts: counts)
    merged.lineView = view
    merged.functions = mergedFunctions(runs.map(\.functions))
    merged.summary = Summary(lines: view.metric, functions: merged.functions.ranMetric)
    // A part of a line is missed when no run ran it: each run that ran the line missed it too.
    let candidates = Set(runs.flatMap(\.missedRegions))
    merged.missedRegions = candidates.filter { range in
      runs.allSatisfy { run in
        (run.lineView?.count(line: range.start.line) ?? 0) == 0 || run.missedRegions.contains(range)
      }
    }.sorted()
    return merged
  }

  /// Functions matched by name and line, counts added, sorted by position.
  private static func mergedFunctions(_ lists: [[FunctionCoverage]]) -> [FunctionCoverage] {
    var byKey: [String: FunctionCoverage] = [:]
    var order: [String] = []
    for function in lists.joined() {
      let key = "\(function.line):\(function.name)"
      if var known = byKey[key] {
        known.count = added(known.count, function.count)
        byKey[key] = known
      } else {
        byKey[key] = function
        order.append(key)
      }
    }
    return order.compactMap { byKey[$0] }.sorted { ($0.line, $0.name) < ($1.line, $1.name) }
  }

  /// A sum of counts, held at `Int64.max` as llvm-cov holds its own.
  private static func added(_ a: UInt64, _ b: UInt64) -> UInt64 {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? UInt64(Int64.max) : min(sum, UInt64(Int64.max))
  }

  private static func missedRanges(_ parts: [SourceRangeOnLine]) -> [SourceRange] {
    parts.map {
      SourceRange(
        start: SourceLocation(line: $0.line, column: $0.column),
        end: SourceLocation(line: $0.line, column: $0.column + $0.length))
    }
  }
}
