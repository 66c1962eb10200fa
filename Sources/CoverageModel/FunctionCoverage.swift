/// What reports show of one function: its names, where it starts and how often it ran.
public struct FunctionCoverage: Hashable, Sendable {
  /// The mangled name as llvm-cov exported it.
  public var name: String
  /// The demangled name (the mangled one when no demangler was available).
  public var displayName: String
  public var line: Int
  public var column: Int
  /// How often it ran (the count of its first region).
  public var count: UInt64

  public init(name: String, displayName: String, line: Int, column: Int, count: UInt64) {
    self.name = name
    self.displayName = displayName
    self.line = line
    self.column = column
    self.count = count
  }
}

extension Collection<FunctionCoverage> {
  /// The function a place is in, by where functions start: the last to start at or before it
  /// (a closure inside a function starts after it, so the innermost wins). Nil before the first.
  public func starting(atOrBefore location: SourceLocation) -> FunctionCoverage? {
    filter { SourceLocation(line: $0.line, column: $0.column) <= location }
      .max { ($0.line, $0.column) < ($1.line, $1.column) }
  }

  /// The functions that ran out of all of them: a file's function figure where no function
  /// records give it (xccov's data, lines taken out by markers).
  public var ranMetric: Metric { Metric(covered: count { $0.count > 0 }, count: count) }
}

/// A span of source from `start` up to `end`, as llvm-cov gives regions.
public struct SourceRange: Hashable, Sendable, Comparable {
  public var start: SourceLocation
  public var end: SourceLocation

  public init(start: SourceLocation, end: SourceLocation) {
    self.start = start
    self.end = end
  }

  public static func < (lhs: SourceRange, rhs: SourceRange) -> Bool {
    (lhs.start, lhs.end) < (rhs.start, rhs.end)
  }
}
