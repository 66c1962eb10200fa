/// Coverage of one source file as llvm-cov exported it.
public struct FileCoverage: Hashable, Sendable {
  /// The path as written in the export (absolute for SwiftPM).
  public var path: String
  /// llvm-cov's own summary of the file: the figures that reports add up.
  public var summary: Summary
  /// The per-line view, when the export carried segments.
  public var lineView: LineView?
  /// The file's functions, sorted by position; empty unless function records were read.
  public var functions: [FunctionCoverage]
  /// Code regions that never ran (identical ranges combined), sorted; empty unless function
  /// records were read.
  public var missedRegions: [SourceRange]
  /// Decisions and their outcomes derived from the source; nil unless branches were derived
  /// (then `summary.branches` is their metric).
  public var branches: DerivedBranches?
  /// Branch outcomes the data's producer measured (LCOV's `BRDA:`), sorted by line; then
  /// `summary.branches` is their metric. Empty for llvm-cov and xccov data.
  public var producerBranches: [ProducerBranch] = []
  /// Per function (closures counted in the function that holds them): complexity, coverage and
  /// risk; empty unless branches were derived.
  public var risks: [FunctionRisk] = []
  /// When several runs were merged line by line (xccov's unit and UI runs): per line (index 0
  /// is line 1), the runs that ran it, bit `i` for `CoverageData.runNames[i]`; nil otherwise.
  public var runsByLine: [UInt64]?

  public init(
    path: String, summary: Summary, lineView: LineView? = nil, functions: [FunctionCoverage] = [],
    missedRegions: [SourceRange] = [], branches: DerivedBranches? = nil
  ) {
    self.path = path
    self.summary = summary
    self.lineView = lineView
    self.functions = functions
    self.missedRegions = missedRegions
    self.branches = branches
  }

  /// Lines that ran but hold code that never ran (e.g. the `else` of a one-line `guard`).
  public var partialLines: [Int] {
    guard let lineView, !missedRegions.isEmpty else { return [] }
    var lines = Set<Int>()
    for range in missedRegions {
      for line in range.start.line...max(range.start.line, range.end.line) {
        if let count = lineView.count(line: line), count > 0 { lines.insert(line) }
      }
    }
    return lines.sorted()
  }
}

/// Everything read from one or more llvm-cov exports, or from xccov's reports.
public struct CoverageData: Sendable {
  /// Files sorted by path.
  public var files: [FileCoverage]
  /// The export's function records, in its order; empty unless they were asked for.
  public var functions: [FunctionRecord]
  /// What the data holds, and whose figures these are.
  public var capabilities: Capabilities
  /// The runs merged line by line, named (e.g. `Unit`, `UI`), when files say which ran a line.
  public var runNames: [String] = []
  /// Why the counts may be lower than the code ran, when they may: the binaries update their
  /// counters without atomics while tests ran on several threads at once. Counts derived from
  /// differences of such counts are then not claimed.
  public var countsMayBeLost: String?
  /// What the producer said went wrong while it made the data (xccov's `errors`): each is a
  /// verdict in every report, so a target whose coverage failed is never silently 0 lines.
  public var producerErrors: [String] = []
  /// The targets the producer named, each with its files (xccov's `App.app`,
  /// `AppTests.xctest`): a project without a manifest takes its targets from them.
  public var producerTargets: [ProducerTarget] = []
  /// What the reader adjusted in the producer's data, each a sentence with the figures it saw
  /// (records merged, unknown records skipped, stated totals that disagree with the lines):
  /// every report says so, so that no figure differs from the producer's own without a word.
  public var inputNotes: [String] = []
  /// Sources a report counts lines past the end of (the report is older than the source):
  /// refused when the source is in a gated layer, said otherwise (a test file, a file no gated
  /// layer holds), once the layers are known.
  public var staleSources: [StaleSource] = []

  public init(
    files: consuming [FileCoverage], functions: consuming [FunctionRecord] = [],
    capabilities: Capabilities
  ) {
    self.capabilities = capabilities
    // llvm-cov lists files sorted: checked in one pass, sorted (in place) only when they are not.
    var files = files
    if !files.indices.dropFirst().allSatisfy({ files[$0 - 1].path <= files[$0].path }) {
      files.sort { $0.path < $1.path }
    }
    self.files = files
    self.functions = functions
  }
}

/// A target as the data's producer named it (xccov: `App.app`, `AppTests.xctest`,
/// `AppUITests-Runner.app/PlugIns/AppUITests.xctest`), with its files' paths as the data has them.
public struct ProducerTarget: Sendable, Equatable {
  public var name: String
  public var files: [String]

  public init(name: String, files: [String]) {
    self.name = name
    self.files = files
  }
}

/// A line a report counts past the end of its source on disk.
public struct StaleSource: Sendable, Equatable {
  /// The report (tracefile, Cobertura file) that counts it.
  public var report: String
  /// The source, absolute.
  public var source: String
  public var line: Int
  public var lineCount: Int

  public init(report: String, source: String, line: Int, lineCount: Int) {
    self.report = report
    self.source = source
    self.line = line
    self.lineCount = lineCount
  }
}

/// A report that counts a line past the end of a gated source: it is older than the source, and
/// its figures would gate on code that is gone. One error for every reader that can say so.
public struct StaleSourceError: Error, Equatable, CustomStringConvertible {
  public var stale: StaleSource
  public var origin: CoverageOrigin

  public init(_ stale: StaleSource, origin: CoverageOrigin) {
    self.stale = stale
    self.origin = origin
  }

  public var description: String {
    "\(stale.report) counts line \(stale.line) of \(stale.source), which has \(stale.lineCount) lines: the \(origin.reportNoun) is older than the source; measure again"
  }
}
