/// Coverage of one source file as llvm-cov exported it.
public struct FileCoverage: Hashable, Sendable {
  /// The path as written in the export (absolute for SwiftPM).
  public var path: String
  /// llvm-cov's own summary of the file: the figures that reports add up.
  public var summary: Summary
  /// The per-line view, when the export carried segments.
  public var lineView: LineView?

  public init(path: String, summary: Summary, lineView: LineView? = nil) {
    self.path = path
    self.summary = summary
    self.lineView = lineView
  }
}

/// Everything read from one or more llvm-cov exports.
public struct CoverageData: Sendable {
  /// Files sorted by path.
  public var files: [FileCoverage]
  /// The export's function records, in its order; empty unless they were asked for.
  public var functions: [FunctionRecord]

  public init(files: [FileCoverage], functions: [FunctionRecord] = []) {
    self.files = files.sorted { $0.path < $1.path }
    self.functions = functions
  }
}
