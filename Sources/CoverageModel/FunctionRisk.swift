/// How risky a function is to change: complex code that the tests barely run, ranked by a
/// CRAP-style score, complexity² × (1 − coverage)³ + complexity (crap4j's formula, coverage
/// being the share of the function's regions that ran).
public struct FunctionRisk: Hashable, Sendable {
  /// The mangled name, as in the function records.
  public var name: String
  /// The readable name, once demangled (the mangled one until then).
  public var displayName: String
  public var line: Int
  /// Cyclomatic complexity from the syntax: 1 + one per way out of each decision beyond the
  /// first (derivable or not), closures and autoclosures inside the function included.
  public var complexity: Int
  /// The function's own regions that ran (its closures are functions of their own).
  public var regions: Metric

  public init(name: String, displayName: String? = nil, line: Int, complexity: Int, regions: Metric)
  {
    self.name = name
    self.displayName = displayName ?? name
    self.line = line
    self.complexity = complexity
    self.regions = regions
  }

  /// complexity² × (1 − coverage)³ + complexity; a function without regions counts as run.
  public var score: Double {
    let coverage = regions.count == 0 ? 1 : Double(regions.covered) / Double(regions.count)
    let uncovered = 1 - coverage
    let complexity = Double(self.complexity)
    return complexity * complexity * uncovered * uncovered * uncovered + complexity
  }

  /// The score as reports print it: one decimal, truncated.
  public var formattedScore: String {
    let tenths = Int((score * 10).rounded(.down))
    return "\(tenths / 10).\(tenths % 10)"
  }
}

/// A decision's place and how many ways lead out of it, for complexity; decisions that could
/// not be derived count too.
public struct DecisionPoint: Hashable, Sendable {
  public var location: SourceLocation
  /// Ways out: 2 for an `if` without `else`, a `guard`, a loop or `&&`; one per arm otherwise.
  public var paths: Int

  public init(location: SourceLocation, paths: Int) {
    self.location = location
    self.paths = paths
  }
}

extension CoverageReport {
  /// How many of the riskiest functions the text and Markdown reports list.
  public static let riskListLength = 10
  /// How many the HTML index's risk table lists: the most any report shows.
  public static let riskTableLength = 100

  /// The riskiest functions of gated layers, highest score first (ties: path, line): only
  /// functions with a region not run, since a fully run function's score is its complexity
  /// alone, a risk no test can lower.
  public func riskiestFunctions(limit: Int) -> [(file: ScopedFile, risk: FunctionRisk)] {
    riskiestFunctionIndexes(limit: limit).map {
      (files[$0.file], files[$0.file].coverage.risks[$0.risk])
    }
  }

  /// `riskiestFunctions` as indexes into `files` and their risks.
  public func riskiestFunctionIndexes(limit: Int) -> [(file: Int, risk: Int)] {
    guard limit > 0 else { return [] }
    let gated = Set(layers.filter(\.gated).map(\.name))
    /// Whether the risk at `a` ranks above the one at `b`.
    func ranksAbove(_ a: (file: Int, risk: Int), _ b: (file: Int, risk: Int)) -> Bool {
      let scores = (
        files[a.file].coverage.risks[a.risk].score, files[b.file].coverage.risks[b.risk].score
      )
      if scores.0 != scores.1 { return scores.0 > scores.1 }
      if a.file != b.file { return files[a.file].path < files[b.file].path }
      return files[a.file].coverage.risks[a.risk].line < files[b.file].coverage.risks[b.risk].line
    }
    // The top `limit` by indexes, kept in order as they are found: no sort of every function.
    var top: [(file: Int, risk: Int)] = []
    // By index: a file is read in place, not copied with all it holds.
    for index in files.indices where gated.contains(files[index].layer) {
      for (position, risk) in files[index].coverage.risks.enumerated()
      where risk.regions.missed > 0 {
        let candidate = (file: index, risk: position)
        if top.count == limit, !ranksAbove(candidate, top[limit - 1]) { continue }
        var slot = top.count
        while slot > 0, ranksAbove(candidate, top[slot - 1]) { slot -= 1 }
        top.insert(candidate, at: slot)
        if top.count > limit { top.removeLast() }
      }
    }
    return top
  }
}
