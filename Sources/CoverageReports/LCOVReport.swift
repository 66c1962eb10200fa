import CoverageModel

/// `coverage.lcov`: the line view as LCOV `DA` records, line totals from llvm-cov's summaries
/// (as `llvm-cov export -format=lcov` writes them). Paths are package-relative.
public struct LCOVReport: ReportRenderer {
  public static let fileName = "coverage.lcov"

  public init() {}

  public func render(_ report: CoverageReport) -> [RenderedFile] {
    var out = ""
    for file in report.files {
      out += "SF:\(file.path)\n"
      if let view = file.coverage.lineView {
        for (index, count) in view.rawCounts.enumerated() where count != LineView.unmapped {
          out += "DA:\(index + 1),\(count)\n"
        }
      }
      out += "LF:\(file.summary.lines.count)\nLH:\(file.summary.lines.covered)\nend_of_record\n"
    }
    return [RenderedFile(path: Self.fileName, contents: out)]
  }
}
