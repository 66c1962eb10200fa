import CoverageModel

/// `coverage.lcov`: LCOV tracefile records per kept file, as `llvm-cov export -format=lcov`
/// writes them: `FN`/`FNDA` per function (mangled names: demangled ones hold commas), `FNF`/`FNH`
/// and `LF`/`LH` from llvm-cov's summaries, `DA` from the line view. Paths are package-relative.
/// Derived branches are `BRDA` (per decision a block, per outcome a branch; `-` where the
/// decision was never reached, as geninfo writes it), `BRF`/`BRH`.
public struct LCOVReport: ReportRenderer {
  public static let fileName = "coverage.lcov"

  public init() {}

  public func render(_ report: CoverageReport) -> [RenderedFile] {
    var out = ""
    for file in report.files {
      out += "SF:\(file.path)\n"
      let functions = file.coverage.functions
      for function in functions { out += "FN:\(function.line),\(function.name)\n" }
      for function in functions { out += "FNDA:\(function.count),\(function.name)\n" }
      out += "FNF:\(file.summary.functions.count)\nFNH:\(file.summary.functions.covered)\n"
      if let branches = file.coverage.branches {
        for (block, decision) in branches.decisions.enumerated() {
          for (branch, outcome) in decision.outcomes.enumerated() {
            let taken = decision.reached == 0 ? "-" : String(outcome.count)
            out += "BRDA:\(decision.location.line),\(block),\(branch),\(taken)\n"
          }
        }
      } else {
        // The producer's own records, as it wrote them.
        for branch in file.coverage.producerBranches {
          let taken = branch.taken.map(String.init) ?? "-"
          out += "BRDA:\(branch.line),\(branch.block),\(branch.branch),\(taken)\n"
        }
      }
      if file.coverage.branches != nil || !file.coverage.producerBranches.isEmpty {
        out += "BRF:\(file.summary.branches.count)\nBRH:\(file.summary.branches.covered)\n"
      }
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
