/// A line and column in a source file, ordered line first.
public struct SourceLocation: Hashable, Sendable, Comparable {
  public var line: Int
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }
}
