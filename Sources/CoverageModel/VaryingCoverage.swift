/// Coverage that differed between runs of the same tests (`run --repeat N`): lines and functions
/// that ran in some runs and not in others.
public struct VaryingCoverage: Sendable, Equatable {
  /// How many times the tests ran.
  public var runs: Int
  /// Kept files with varying lines or functions, sorted by path.
  public var files: [File]

  public struct File: Sendable, Equatable {
    /// Package-relative.
    public var path: String
    public var lines: [Int]
    /// Function names as in the export.
    public var functions: [String]

    public init(path: String, lines: [Int], functions: [String]) {
      self.path = path
      self.lines = lines
      self.functions = functions
    }
  }

  public init(runs: Int, files: [File]) {
    self.runs = runs
    self.files = files
  }

  /// The lines of each run's line view (index: run) that ran in some runs and not in all; only
  /// lines every run maps are compared.
  public static func lines(_ views: [LineView]) -> [Int] {
    guard let first = views.first else { return [] }
    let lineCount = views.map(\.lineCount).min() ?? first.lineCount
    guard lineCount > 0 else { return [] }
    return (1...lineCount).filter { line in
      let counts = views.map { $0.count(line: line) }
      guard counts.allSatisfy({ $0 != nil }) else { return false }
      let ran = counts.filter { ($0 ?? 0) > 0 }.count
      return ran > 0 && ran < views.count
    }
  }

  /// Compact ranges of lines for reports: `12-14, 20`.
  public static func ranges(_ lines: [Int]) -> String {
    var parts: [String] = []
    var index = 0
    let sorted = lines.sorted()
    while index < sorted.count {
      var end = index
      while end + 1 < sorted.count, sorted[end + 1] == sorted[end] + 1 { end += 1 }
      parts.append(end == index ? "\(sorted[index])" : "\(sorted[index])-\(sorted[end])")
      index = end + 1
    }
    return parts.joined(separator: ", ")
  }
}
