/// One outcome of a branch as the data's producer measured it (LCOV's `BRDA:` records: clang's
/// for C and Objective-C, gcc's): reported as written, never derived by covgate and never mixed
/// with the branches it derives for Swift from llvm-cov's regions.
public struct ProducerBranch: Hashable, Sendable {
  public var line: Int
  /// The producer's names of the branch's block and of the outcome within it.
  public var block: String
  public var branch: String
  /// Times the outcome was taken; nil (`-`) when its line never ran.
  public var taken: UInt64?

  public init(line: Int, block: String, branch: String, taken: UInt64?) {
    self.line = line
    self.block = block
    self.branch = branch
    self.taken = taken
  }
}

extension [ProducerBranch] {
  /// Outcomes taken at least once, of all outcomes.
  public var metric: Metric {
    Metric(covered: count { ($0.taken ?? 0) > 0 }, count: count)
  }
}

extension FileCoverage {
  /// The branch figures of each line that has any: the derived decisions', else the producer's
  /// outcomes'.
  public var branchMetricByLine: [Int: Metric] {
    if let branches { return branches.metricByLine }
    return Dictionary(grouping: producerBranches, by: \.line).mapValues(\.metric)
  }
}

extension CoverageReport {
  /// Whether the data's producer measured branches (LCOV's `BRDA:`): their figures are shown
  /// as the producer's, not as derived ones.
  public var hasProducerBranches: Bool {
    files.contains { !$0.coverage.producerBranches.isEmpty }
  }

  /// Whether any branch figure exists, derived or measured: the reports' branch column.
  public var showsBranches: Bool { derivesBranches || hasProducerBranches }

  /// The branch column's name: what the figures are.
  public var branchesTitle: String {
    derivesBranches ? "Branches (derived)" : "Branches (measured)"
  }
}
