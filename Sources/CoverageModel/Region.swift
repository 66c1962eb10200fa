/// A source range of a function with the number of times it ran.
///
/// Mirrors llvm-cov's `[lineStart, colStart, lineEnd, colEnd, count, fileID, expandedFileID, kind]`.
public struct Region: Hashable, Sendable {
  /// What a region stands for, with llvm-cov's numbering.
  public enum Kind: Int, Hashable, Sendable {
    case code = 0
    case expansion
    /// Code left out of the build, such as an inactive `#if` inside a body.
    case skipped
    /// Space between statements (C and C++): never raises a line's count.
    case gap
    case branch
    case mcdcDecision
    case mcdcBranch
  }

  public var lineStart: Int
  public var columnStart: Int
  public var lineEnd: Int
  public var columnEnd: Int
  public var count: UInt64
  /// Index into the function's `filenames` of the file the region is in.
  public var fileID: Int
  /// For an expansion region, the index of the file it expands.
  public var expandedFileID: Int
  public var kind: Kind

  public init(
    lineStart: Int, columnStart: Int, lineEnd: Int, columnEnd: Int, count: UInt64,
    fileID: Int = 0, expandedFileID: Int = 0, kind: Kind = .code
  ) {
    self.lineStart = lineStart
    self.columnStart = columnStart
    self.lineEnd = lineEnd
    self.columnEnd = columnEnd
    self.count = count
    self.fileID = fileID
    self.expandedFileID = expandedFileID
    self.kind = kind
  }

  /// Where the region starts, comparable as (line, column).
  public var start: SourceLocation { SourceLocation(line: lineStart, column: columnStart) }
  /// Where the region ends, comparable as (line, column).
  public var end: SourceLocation { SourceLocation(line: lineEnd, column: columnEnd) }

  /// Whether `other` covers the same range with the same kind and files, counts aside.
  public func hasSameShape(as other: Region) -> Bool {
    start == other.start && end == other.end && kind == other.kind && fileID == other.fileID
      && expandedFileID == other.expandedFileID
  }
}
