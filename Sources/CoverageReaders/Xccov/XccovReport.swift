import CoverageModel

/// What `xcrun xccov view --report --json` says: targets, their files with line figures, and
/// each file's functions.
public struct XccovReport: Sendable, Equatable {
  public var targets: [Target]
  /// The report's own `errors` (their `localizedDescription`): a target whose coverage xccov
  /// failed to make ("Failed to generate coverage for target 'X'...") is missing from `targets`.
  public var errors: [String]

  public init(targets: [Target], errors: [String] = []) {
    self.targets = targets
    self.errors = errors
  }

  public struct Target: Sendable, Equatable {
    /// With the product's extension: `App.app`, `Networking.framework`, `AppTests.xctest`.
    public var name: String
    public var files: [File]
  }

  public struct File: Sendable, Equatable {
    /// Absolute, as on the machine that ran the tests.
    public var path: String
    public var coveredLines: Int
    public var executableLines: Int
    public var functions: [Function]
  }

  public struct Function: Sendable, Equatable {
    /// Demangled by xccov; may be empty (top-level code, some initialisers).
    public var name: String
    public var lineNumber: Int
    public var executionCount: UInt64
  }
}

/// What `xcrun xccov view --archive --json` says of one file: each line's count and the parts of
/// a line that ran apart from the rest.
public struct XccovFileLines: Sendable, Equatable {
  /// Per line (index 0 is line 1): its count, `LineView.unmapped` where it is not executable.
  public var rawCounts: [UInt64]
  /// Parts of lines that never ran, on lines that did or did not: `subranges` with count 0.
  public var missedParts: [SourceRangeOnLine]

  /// Per line: its count, `nil` where it is not executable.
  public var counts: [UInt64?] { rawCounts.map { $0 == LineView.unmapped ? nil : $0 } }
}

/// A part of one line: its first column and its length, as xccov's subranges give it.
public struct SourceRangeOnLine: Sendable, Hashable, Comparable {
  public var line: Int
  public var column: Int
  public var length: Int

  public static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.line, lhs.column, lhs.length) < (rhs.line, rhs.column, rhs.length)
  }
}
