import CoverageModel

/// Combines several exports into one set of files.
public enum ExportMerger {
  /// Files from every input, with the runs of a file found in several inputs added up.
  ///
  /// A file found in one input is kept as it is. For a file found in several, the inputs'
  /// function records are added region by region, as `llvm-profdata merge` would add the
  /// profiles, and llvm-cov's figures are recomputed from them. Inputs without function records
  /// (`-skip-functions`, `-summary-only`) merge only where they hold the same data for a file.
  public static func merge(_ inputs: [(source: String, data: CoverageData)]) throws -> CoverageData
  {
    guard inputs.count > 1 else {
      return inputs.first?.data ?? CoverageData(files: [], capabilities: .llvmCov)
    }
    let functions = try mergeFunctions(inputs)
    let records = FunctionSummarizer.recordsByFile(functions)
    let files = try runsByPath(inputs).map { path, runs in
      try mergeFile(path: path, runs: runs, records: records[path] ?? [])
    }
    return CoverageData(files: files, functions: functions, capabilities: .llvmCov)
  }

  /// One input's data for a file.
  private struct Run {
    var source: String
    var file: FileCoverage
    /// Whether the input has function records for the file.
    var hasFunctions: Bool
  }

  /// Identifies a function record across exports, as llvm-cov does when it loads one once.
  private struct FunctionKey: Hashable {
    var name: String
    var filenames: [String]
  }

  /// For each path, sorted, the data the inputs hold for it, in input order.
  private static func runsByPath(_ inputs: [(source: String, data: CoverageData)])
    -> [(path: String, runs: [Run])]
  {
    var runs: [String: [Run]] = [:]
    for (source, data) in inputs {
      let described = Set(data.functions.flatMap(\.filenames))
      for file in data.files {
        runs[file.path, default: []].append(
          Run(source: source, file: file, hasFunctions: described.contains(file.path)))
      }
    }
    return runs.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }

  /// One file from the runs that hold it: kept, recomputed from functions, or refused.
  private static func mergeFile(path: String, runs: [Run], records: [FunctionRecord]) throws
    -> FileCoverage
  {
    guard let first = runs.first, runs.count > 1 else {
      return runs.first?.file ?? FileCoverage(path: path, summary: .zero)
    }
    guard let lacking = runs.first(where: { !$0.hasFunctions }) else {
      return try FunctionSummarizer.fileCoverage(path: path, functions: records)
    }
    guard let other = runs.first(where: { $0.file != lacking.file }) else { return first.file }
    throw MergeError.missingFunctions(path: path, first: lacking.source, second: other.source)
  }

  /// The union of the inputs' function records, with the counts of records found in several
  /// inputs added region by region. Within one input a record is taken once, as llvm-cov does.
  private static func mergeFunctions(_ inputs: [(source: String, data: CoverageData)]) throws
    -> [FunctionRecord]
  {
    var merged: [FunctionKey: (source: String, record: FunctionRecord)] = [:]
    var order: [FunctionKey] = []
    for (source, data) in inputs {
      var seen = Set<FunctionKey>()
      for function in data.functions {
        let key = FunctionKey(name: function.name, filenames: function.filenames)
        guard seen.insert(key).inserted else { continue }
        if let existing = merged[key] {
          merged[key]?.record = try add(
            existing.record, function, sources: (existing.source, source))
        } else {
          merged[key] = (source, function)
          order.append(key)
        }
      }
    }
    return order.compactMap { merged[$0]?.record }
  }

  /// Two runs of one function: the same regions with their counts added.
  private static func add(
    _ lhs: FunctionRecord, _ rhs: FunctionRecord, sources: (String, String)
  ) throws -> FunctionRecord {
    guard lhs.regions.count == rhs.regions.count,
      zip(lhs.regions, rhs.regions).allSatisfy({ $0.hasSameShape(as: $1) })
    else {
      throw MergeError.differentCode(
        function: lhs.name, path: lhs.filenames.first ?? "", first: sources.0, second: sources.1)
    }
    var sum = lhs
    sum.count = ExecutionCount.sum(lhs.count, rhs.count)
    for index in sum.regions.indices {
      sum.regions[index].count = ExecutionCount.sum(
        lhs.regions[index].count, rhs.regions[index].count)
    }
    return sum
  }
}

/// Why exports could not be merged. Each description is one line naming both inputs.
public enum MergeError: Error, Equatable, CustomStringConvertible {
  /// Two inputs hold different runs of a file, and one of them has no function records for it.
  case missingFunctions(path: String, first: String, second: String)
  /// A function has different regions in two inputs: they were made from different code.
  case differentCode(function: String, path: String, first: String, second: String)

  public var description: String {
    switch self {
    case .missingFunctions(let path, let first, let second):
      "\(first) and \(second) hold different runs of \(path), and \(first) has no function records to add them by; export both with `llvm-cov export` without -skip-functions or -summary-only"
    case .differentCode(let function, let path, let first, let second):
      "\(first) and \(second) were made from different code (function \(function) in \(path) has different regions); pass exports of one build, or merge the profiles with `llvm-profdata merge` and export once"
    }
  }
}
