import CoverageModel

/// Combines several exports into one set of files.
public enum ExportMerger {
  /// Files from every input; a file found in several inputs must carry the same data.
  ///
  /// Exports of different test binaries over disjoint files merge freely. Two different runs of
  /// the same file cannot be added from summaries alone: llvm-cov's per-file figures come from
  /// its function records, so such inputs are refused rather than guessed.
  public static func merge(_ inputs: [(source: String, data: CoverageData)]) throws -> CoverageData {
    guard inputs.count > 1 else { return inputs.first?.data ?? CoverageData(files: []) }
    var merged: [String: (source: String, file: FileCoverage)] = [:]
    for (source, data) in inputs {
      for file in data.files {
        if let existing = merged[file.path] {
          guard existing.file == file else {
            throw MergeError.conflictingRuns(path: file.path, first: existing.source, second: source)
          }
        } else {
          merged[file.path] = (source, file)
        }
      }
    }
    return CoverageData(files: merged.values.map(\.file))
  }
}

public enum MergeError: Error, Equatable, CustomStringConvertible {
  case conflictingRuns(path: String, first: String, second: String)

  public var description: String {
    switch self {
    case .conflictingRuns(let path, let first, let second):
      "\(first) and \(second) hold different runs of \(path); merge their profiles with `llvm-profdata merge` and export once, then pass that one export"
    }
  }
}
