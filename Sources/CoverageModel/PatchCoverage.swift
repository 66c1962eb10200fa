/// Coverage of the lines a change touched: the executable changed lines and how many ran.
public struct PatchCoverage: Sendable, Hashable {
  /// The base as given (`origin/main`).
  public var base: String
  /// The commit the change is measured from (`git merge-base base HEAD`).
  public var baseCommit: String
  /// Executable changed lines that ran, of all executable changed lines in measured files.
  public var lines: Metric
  /// Measured files with changed lines, sorted by path.
  public var files: [PatchFile]
  /// Changed files left out of the figure, and why.
  public var unmeasured: [ExcludedFile]

  public init(
    base: String, baseCommit: String, lines: Metric, files: [PatchFile], unmeasured: [ExcludedFile]
  ) {
    self.base = base
    self.baseCommit = baseCommit
    self.lines = lines
    self.files = files
    self.unmeasured = unmeasured
  }
}

/// One measured file of a change.
public struct PatchFile: Sendable, Hashable {
  /// Package-relative path.
  public var path: String
  /// Lines added or modified by the change (1-based).
  public var changedLines: [Int]
  /// Executable changed lines that ran, of the executable changed lines.
  public var lines: Metric
  /// Executable changed lines that never ran.
  public var uncoveredLines: [Int]

  public init(path: String, changedLines: [Int], lines: Metric, uncoveredLines: [Int]) {
    self.path = path
    self.changedLines = changedLines
    self.lines = lines
    self.uncoveredLines = uncoveredLines
  }

  /// Uncovered lines as runs, e.g. `[12...14, 20...20]`.
  public var uncoveredRanges: [ClosedRange<Int>] { lineRanges(uncoveredLines) }

  /// `12-14, 20`.
  public var uncoveredDescription: String {
    uncoveredRanges.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }
      .joined(separator: ", ")
  }
}

/// Sorted line numbers folded into consecutive runs.
public func lineRanges(_ lines: [Int]) -> [ClosedRange<Int>] {
  var ranges: [ClosedRange<Int>] = []
  for line in lines.sorted() {
    if let last = ranges.last, last.upperBound + 1 == line {
      ranges[ranges.count - 1] = last.lowerBound...line
    } else if ranges.last?.contains(line) != true {
      ranges.append(line...line)
    }
  }
  return ranges
}
