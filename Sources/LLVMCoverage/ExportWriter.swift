import CoverageModel
import Foundation

/// Writes coverage data back as llvm-cov export JSON (format 3.0.1), so a merged result reads
/// like any export: `covgate check --input`, or any tool that reads llvm-cov's JSON.
///
/// Needs the function records: segments are rebuilt from their regions as llvm-cov builds them.
public enum ExportWriter {
  public static func write(_ data: CoverageData) throws -> Data {
    var out = #"{"data":[{"files":["#
    let byFile = FunctionSummarizer.recordsByFile(data.functions)
    var totals = Summary()
    for (index, file) in data.files.enumerated() {
      if index > 0 { out += "," }
      let segments = FunctionSummarizer.fileSegments(
        path: file.path, functions: byFile[file.path] ?? [])
      out +=
        #"{"branches":[],"expansions":[],"filename":"# + quoted(file.path)
        + #","mcdc_records":[],"segments":["#
      out += segments.map {
        "[\($0.line),\($0.column),\($0.count),\($0.hasCount),\($0.isRegionEntry),\($0.isGapRegion)]"
      }
      .joined(separator: ",")
      out += #"],"summary":"# + summary(file.summary) + "}"
      totals += file.summary
    }
    out += #"],"functions":["#
    out += data.functions.map { function in
      let regions = function.regions.map {
        "[\($0.lineStart),\($0.columnStart),\($0.lineEnd),\($0.columnEnd),\($0.count),\($0.fileID),\($0.expandedFileID),\($0.kind.rawValue)]"
      }.joined(separator: ",")
      let names = function.filenames.map(quoted).joined(separator: ",")
      return
        #"{"branches":[],"count":\#(function.count),"filenames":[\#(names)],"mcdc_records":[],"name":\#(quoted(function.name)),"regions":[\#(regions)]}"#
    }.joined(separator: ",")
    out +=
      #"],"totals":"# + summary(totals)
      + #"}],"type":"llvm.coverage.json.export","version":"3.0.1"}"#
    return Data(out.utf8)
  }

  private static func summary(_ summary: Summary) -> String {
    func metric(_ metric: Metric, notCovered: Bool) -> String {
      let percent = metric.percent.map { String($0) } ?? "0"
      let missed = notCovered ? #","notcovered":\#(metric.missed)"# : ""
      return
        #"{"count":\#(metric.count),"covered":\#(metric.covered)\#(missed),"percent":\#(percent)}"#
    }
    return
      #"{"branches":\#(metric(summary.branches, notCovered: true)),"functions":\#(metric(summary.functions, notCovered: false)),"instantiations":\#(metric(summary.instantiations, notCovered: false)),"lines":\#(metric(summary.lines, notCovered: false)),"mcdc":\#(metric(.zero, notCovered: true)),"regions":\#(metric(summary.regions, notCovered: true))}"#
  }

  /// A JSON string literal.
  static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
