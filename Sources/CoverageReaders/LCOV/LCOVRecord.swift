import CoverageModel

/// One source file's record in an LCOV tracefile: `SF:` up to `end_of_record`.
public struct LCOVRecord: Hashable, Sendable {
  /// The `SF:` path as written: absolute, or relative to the workspace (Bazel).
  public var source: String
  /// `DA:` lines in the order written (a line written twice is there twice: merging adds them).
  public var lines: [LineCount] = []
  public var functions: [LCOVFunction] = []
  /// `BRDA:` records, each one outcome of a branch the producer measured (clang for C and
  /// Objective-C); `taken` nil (`-`) when its line never ran.
  public var branches: [ProducerBranch] = []
  /// Records of a tag the format does not define, skipped as lcov 1.x and genhtml skip them
  /// (Xcode's llvm-cov writes `BFH:0`, a misspelt `BRH:`), each tag once, in the order seen.
  public var skippedTags: [String] = []
  /// `LF:` and `LH:` as written, when both were: a producer may write figures that are not its
  /// `DA:` lines' (llvm-cov writes its summary's), which covgate counts instead, as lcov does.
  public var statedLines: StatedLines?

  public init(source: String) {
    self.source = source
  }
}

/// A `DA:` record: a line and how often it ran.
public struct LineCount: Hashable, Sendable {
  public var line: Int
  public var count: UInt64

  public init(line: Int, count: UInt64) {
    self.line = line
    self.count = count
  }
}

/// A function from `FN:`/`FNDA:` (or `FNL:`/`FNA:` of LCOV 2.2).
public struct LCOVFunction: Hashable, Sendable {
  public var name: String
  public var line: Int
  public var count: UInt64

  public init(name: String, line: Int, count: UInt64) {
    self.name = name
    self.line = line
    self.count = count
  }
}

/// A record's `LF:` and `LH:` as its producer wrote them.
public struct StatedLines: Hashable, Sendable {
  public var found: Int
  public var hit: Int

  public init(found: Int, hit: Int) {
    self.found = found
    self.hit = hit
  }
}
