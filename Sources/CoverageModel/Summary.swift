/// The metrics llvm-cov reports for a file, and for any sum of files.
public struct Summary: Hashable, Sendable, Codable {
  public var lines: Metric
  public var functions: Metric
  public var instantiations: Metric
  public var regions: Metric
  /// Always empty for Swift, which emits no branch data.
  public var branches: Metric

  public init(
    lines: Metric = .zero, functions: Metric = .zero, instantiations: Metric = .zero,
    regions: Metric = .zero, branches: Metric = .zero
  ) {
    self.lines = lines
    self.functions = functions
    self.instantiations = instantiations
    self.regions = regions
    self.branches = branches
  }

  public static let zero = Summary()

  /// The metric of one kind.
  public subscript(kind: MetricKind) -> Metric {
    get {
      switch kind {
      case .lines: lines
      case .functions: functions
      case .instantiations: instantiations
      case .regions: regions
      case .branches: branches
      }
    }
    set {
      switch kind {
      case .lines: lines = newValue
      case .functions: functions = newValue
      case .instantiations: instantiations = newValue
      case .regions: regions = newValue
      case .branches: branches = newValue
      }
    }
  }

  public static func + (lhs: Summary, rhs: Summary) -> Summary {
    Summary(
      lines: lhs.lines + rhs.lines, functions: lhs.functions + rhs.functions,
      instantiations: lhs.instantiations + rhs.instantiations, regions: lhs.regions + rhs.regions,
      branches: lhs.branches + rhs.branches)
  }

  public static func += (lhs: inout Summary, rhs: Summary) { lhs = lhs + rhs }
}

extension Sequence where Element == Summary {
  /// The sum of all summaries: how llvm-cov computes a TOTAL row.
  public func total() -> Summary { reduce(.zero, +) }
}

/// The metrics a threshold can name.
public enum MetricKind: String, CaseIterable, Sendable, Codable, Comparable {
  case lines, functions, instantiations, regions, branches

  /// Metrics that Swift code produces; `branches` is always empty for Swift.
  public static let gateable: [MetricKind] = [.lines, .functions, .instantiations, .regions]

  public static func < (lhs: MetricKind, rhs: MetricKind) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
