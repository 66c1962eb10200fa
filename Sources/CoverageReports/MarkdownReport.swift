import CoverageModel

/// `covgate.md`: a compact summary for a pull-request comment or a CI step summary.
///
/// The gate's result as a plain word (PASSED or FAILED), a per-layer table of lines, functions
/// and regions, the failed verdicts, the warnings, patch coverage when measured, targets without
/// data and the least-covered files of gated layers. Every value from the data is escaped.
public struct MarkdownReport: ReportRenderer {
  public static let fileName = "covgate.md"

  /// The title and revision shown under the first heading.
  public var heading: ReportHeading

  public init(heading: ReportHeading = ReportHeading()) {
    self.heading = heading
  }

  public func render(_ report: CoverageReport) -> [RenderedFile] {
    [RenderedFile(path: Self.fileName, contents: markdown(report))]
  }

  /// The whole summary.
  public func markdown(_ report: CoverageReport) -> String {
    var blocks: [[String]] = []
    let tests = report.tests?.label.map { "\($0), " } ?? ""
    var title = [
      "### covgate: \(escape(report.packageName)): \(tests)gate \(report.gate.passed ? "PASSED" : "FAILED")"
    ]
    if let detail = report.tests?.detail {
      title += ["", escape(detail.prefix(1).uppercased() + detail.dropFirst()) + "."]
    }
    if let lines = report.tests?.failedTestLines, !lines.isEmpty {
      let limit = TextReport.failedTestLimit
      title +=
        ["", "**Failed tests (\(lines.count))**", ""]
        + lines.prefix(limit).map { "- `\($0.replacingOccurrences(of: "`", with: "'"))`" }
        + (lines.count > limit
          ? ["- ... and \(lines.count - limit) more (covgate.json lists them all)"] : [])
    }
    let named = [
      heading.title.map { "**\(escape($0))**" },
      heading.revision.map { "revision `\($0.replacingOccurrences(of: "`", with: "'"))`" },
    ]
    .compactMap { $0 }
    if !named.isEmpty { title += ["", named.joined(separator: " · ")] }
    blocks.append(title)
    blocks.append(table(report))
    if let note = report.capabilities.figuresNote { blocks.append([escape(note)]) }
    if !report.inputNotes.isEmpty {
      blocks.append(report.inputNotes.map { "- Note: \(escape($0))." })
    }
    blocks += verdicts(report)
    if let patch = report.patch {
      blocks.append([
        "Patch coverage since \(escape(patch.base)): \(cell(patch.lines)) of changed executable lines."
      ])
    }
    if let varying = report.varying, !varying.files.isEmpty {
      blocks.append(
        [
          "Coverage that varied between the \(varying.runs) runs (counted as run; no patch or baseline verdict comes from it):",
          "",
        ]
          + varying.files.map {
            "- `\(escape($0.path))`"
              + ($0.lines.isEmpty ? "" : ": lines \(VaryingCoverage.ranges($0.lines))")
          })
    }
    if let block = targetsWithoutData(report) { blocks.append(block) }
    if let mutation = report.mutation { blocks.append(Self.mutation(mutation)) }
    if let block = leastCovered(report) { blocks.append(block) }
    if let block = riskiest(report) { blocks.append(block) }
    return blocks.map { $0.joined(separator: "\n") }.joined(separator: "\n\n") + "\n"
  }

  /// Lines, functions and regions per layer, and the derived branches when there are any.
  private func table(_ report: CoverageReport) -> [String] {
    let branches = report.showsBranches
    var rows = [
      "| Layer | Gated | Lines | Functions | Regions |"
        + (branches ? " \(report.branchesTitle) |" : ""),
      "|:--|:--|--:|--:|--:|" + (branches ? "--:|" : ""),
    ]
    for layer in report.shownLayers {
      rows.append(
        row([escape(layer.name), layer.gated ? "yes" : "no"], layer.totals, branches: branches))
    }
    rows.append(row(["**TOTAL**", ""], report.totals, branches: branches))
    return rows
  }

  private func row(_ leading: [String], _ summary: Summary, branches: Bool) -> String {
    let metrics =
      [summary.lines, summary.functions, summary.regions] + (branches ? [summary.branches] : [])
    let cells = leading + metrics.map(cell)
    return "| " + cells.joined(separator: " | ") + " |"
  }

  /// `63.33% (190/300)`, or `n/a` when there is nothing to measure.
  private func cell(_ metric: Metric) -> String {
    metric.count == 0 ? "n/a" : "\(metric.formattedPercent) (\(metric.formattedRatio))"
  }

  private func verdicts(_ report: CoverageReport) -> [[String]] {
    guard !report.gate.verdicts.isEmpty else { return [["No thresholds configured."]] }
    var blocks: [[String]] = []
    for (title, verdicts) in [("Failed", report.gate.failures), ("Warnings", report.gate.warnings)]
    where !verdicts.isEmpty {
      blocks.append(
        ["**\(title) (\(verdicts.count))**", ""] + verdicts.map { "- \(escape($0.message))" })
    }
    return blocks.isEmpty
      ? [["No failures or warnings (\(report.gate.verdicts.count) rules checked)."]] : blocks
  }

  private func targetsWithoutData(_ report: CoverageReport) -> [String]? {
    guard !report.targetsWithoutData.isEmpty else { return nil }
    return ["**Targets without coverage data**", ""]
      + report.targetsWithoutData.map {
        "- \(escape($0.name)) (\(escape($0.layer))): \($0.sourceFiles) files, \($0.sourceLines) lines; \(escape($0.reason))"
      }
  }

  private func leastCovered(_ report: CoverageReport) -> [String]? {
    let files = LeastCoveredFiles.of(report, limit: TextReport.worstFileCount)
    guard !files.isEmpty else { return nil }
    return [
      "**Least-covered files of gated layers**", "", "| Lines | Missed | File |", "|--:|--:|:--|",
    ]
      + files.map {
        let lines = $0.summary.lines
        return
          "| \(lines.formattedPercent) | \(lines.missed) of \(lines.count) | \(escape($0.path)) |"
      }
  }

  private func riskiest(_ report: CoverageReport) -> [String]? {
    let rows = RiskiestFunctions.rows(report)
    guard rows.count > 1 else { return nil }
    return [
      "**Riskiest functions of gated layers** (\(escape(RiskiestFunctions.formula)))", "",
      "| " + rows[0].joined(separator: " | ") + " |", "|--:|--:|--:|:--|",
    ]
      + rows.dropFirst().map {
        "| " + $0.dropLast().joined(separator: " | ") + " | \(escape($0.last!)) |"
      }
  }

  private func escape(_ text: String) -> String { MarkdownEscape.text(text) }
}
