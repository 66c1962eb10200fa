import CoverageModel

/// What every evaluated report satisfies, whatever its input: checked at the end of
/// `Gate.evaluate`, so that a report breaking one is refused instead of written, and by the
/// invariant fuzzer, which treats any violation as a bug in the reader or the scope.
///
/// - every metric: `0 <= covered <= count`;
/// - every kept path: package-relative, lexically normal (no `.`, `..` or empty component), not
///   under `.build/`, unique and sorted;
/// - every target's figures are the sum of its files', every layer's of its targets', the total
///   the sum of all kept files'; the targets hold every kept file once.
public enum ReportInvariants {
  public static func check(_ report: CoverageReport) throws {
    // By index: a file is read in place, not copied with all it holds.
    let files = report.files
    for index in files.indices {
      let path = files[index].path
      try checkPath(path)
      if index > 0, files[index - 1].path >= path {
        throw InvariantViolation("files are not sorted and unique at \(path)")
      }
      try checkMetrics(files[index].summary, "file \(path)")
    }
    let sums = files.sumsByLayerAndTarget()
    for layer in report.layers {
      try checkMetrics(layer.totals, "layer \(layer.name)")
      for target in layer.targets
      where target.totals != sums[layer.name]?[target.name]?.total ?? .zero {
        throw InvariantViolation(
          "target \(target.name) in layer \(layer.name) is not the sum of its files")
      }
      guard layer.totals == layer.targets.map(\.totals).total() else {
        throw InvariantViolation("layer \(layer.name) is not the sum of its targets")
      }
    }
    let fileTotal = files.indices.reduce(into: Summary.zero) { $0 += files[$1].summary }
    guard report.totals == fileTotal else {
      throw InvariantViolation("the total is not the sum of the kept files")
    }
    // Apart from the per-target sums above: every kept file is counted once, in one target.
    let targets = report.layers.flatMap(\.targets)
    guard targets.reduce(0, { $0 + $1.fileCount }) == files.count,
      targets.map(\.totals).total() == fileTotal
    else { throw InvariantViolation("the targets do not hold every kept file exactly once") }
    try checkMetrics(report.totals, "the total")
  }

  private static func checkPath(_ path: String) throws {
    guard !path.isEmpty, !path.hasPrefix("/"), !path.hasPrefix(".build/"),
      LexicalPath.isNormal(path)
    else { throw InvariantViolation("a kept path is not a plain package-relative path: \(path)") }
  }

  private static func checkMetrics(_ summary: Summary, _ scope: @autoclosure () -> String) throws {
    for kind in MetricKind.allCases {
      let metric = summary[kind]
      guard metric.count >= 0, metric.covered >= 0, metric.covered <= metric.count else {
        throw InvariantViolation(
          "\(scope()) has \(kind.rawValue) \(metric.covered)/\(metric.count)")
      }
    }
  }
}

/// A report that breaks one of `ReportInvariants`: a covgate bug, refused rather than written.
public struct InvariantViolation: Error, Equatable, CustomStringConvertible {
  public var reason: String

  public init(_ reason: String) {
    self.reason = reason
  }

  public var description: String {
    "covgate refuses to write a report whose figures break its own rules (\(reason)); this is a bug in covgate: please report it with the export"
  }
}
