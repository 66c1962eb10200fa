import CoverageModel

/// The terminal report: per-layer and per-target table, verdicts, targets without data and
/// the least-covered files of gated layers.
public struct TextReport: ReportRenderer {
  public static let fileName = "covgate.txt"
  /// How many least-covered files to list.
  public static let worstFileCount = 10

  /// Said once at the end, so that nobody takes a difference in the last digit for a difference
  /// in the data.
  static let truncationNote =
    "Percentages are truncated, never rounded up (llvm-cov rounds: its 76.36% is covgate's 76.35%); counts equal llvm-cov's."

  /// Whose figures these are and what is n/a (`Capabilities.figuresNote`), with how
  /// percentages are written.
  static func figuresNote(_ capabilities: Capabilities) -> String {
    capabilities.figuresNote.map { $0 + " Percentages are truncated, never rounded up." }
      ?? truncationNote
  }

  public let useColor: Bool

  public init(useColor: Bool) {
    self.useColor = useColor
  }

  public func render(_ report: CoverageReport) -> [RenderedFile] {
    [RenderedFile(path: Self.fileName, contents: text(report))]
  }

  /// The whole report as text.
  public func text(_ report: CoverageReport) -> String {
    var out: [String] = []
    let result = report.gate.passed ? paint("PASSED", .green) : paint("FAILED", .red)
    let tests = report.tests?.label.map { paint($0, .red) + ", " } ?? ""
    out.append("covgate: \(report.packageName): \(tests)gate \(result)")
    if let detail = report.tests?.detail { out.append(paint(detail, .red)) }
    out += failedTests(report)
    out.append("")
    out += table(report)
    out += branchNote(report)
    out.append("")
    out += verdicts(report)
    out += patch(report)
    out += exclusions(report)
    out += varying(report)
    out += targetsWithoutData(report)
    out += worstFiles(report)
    out += riskiest(report)
    if out.last != "" { out.append("") }
    for note in report.inputNotes { out.append("Note: \(note).") }
    out.append(Self.figuresNote(report.capabilities))
    return out.joined(separator: "\n") + "\n"
  }

  /// How many failed tests the reports list by name; the JSON report has them all.
  static let failedTestLimit = 10

  /// The failed tests, each with where and why when the run's output said.
  private func failedTests(_ report: CoverageReport) -> [String] {
    guard let lines = report.tests?.failedTestLines, !lines.isEmpty else { return [] }
    var out = ["Failed tests (\(lines.count)):"]
    out += lines.prefix(Self.failedTestLimit).map { "  " + paint("✗", .red) + " " + $0 }
    if lines.count > Self.failedTestLimit {
      out.append(
        "  ... and \(lines.count - Self.failedTestLimit) more (covgate.json lists them all)")
    }
    return out
  }

  /// What ran in some of the repeated runs and not in others.
  private func varying(_ report: CoverageReport) -> [String] {
    guard let varying = report.varying else { return [] }
    guard !varying.files.isEmpty else {
      return ["Coverage was the same in all \(varying.runs) runs.", ""]
    }
    var out = [
      "Coverage that varied between the \(varying.runs) runs (the figures merge the runs, so these count as run;"
        + " no patch \"not run\" or baseline drop comes from them):"
    ]
    for file in varying.files {
      var line = "  \(file.path)"
      if !file.lines.isEmpty { line += ": lines \(VaryingCoverage.ranges(file.lines))" }
      if !file.functions.isEmpty {
        line += " (\(file.functions.count) function\(file.functions.count == 1 ? "" : "s"))"
      }
      out.append(line)
    }
    return out + [""]
  }

  /// Name, then percent (right-aligned) and covered/count (left-aligned) per metric.
  private func table(_ report: CoverageReport) -> [String] {
    let derived = report.showsBranches
    // Without regions in the data the column would be n/a on every row.
    let regions = report.capabilities.regions
    var rows: [[String]] = [
      ["Layer / target", "Lines", "", "Functions", ""] + (regions ? ["Regions", ""] : [])
        + (derived ? ["Branches*", ""] : [])
    ]
    func cells(_ summary: Summary) -> [String] {
      ([summary.lines, summary.functions] + (regions ? [summary.regions] : [])
        + (derived ? [summary.branches] : []))
        .flatMap { [$0.formattedPercent, $0.formattedRatio] }
    }
    for layer in report.shownLayers {
      rows.append(["\(layer.name) (\(layer.gated ? "gated" : "not gated"))"] + cells(layer.totals))
      for target in layer.targets { rows.append(["  \(target.name)"] + cells(target.totals)) }
    }
    rows.append(["TOTAL"] + cells(report.totals))
    // The name column fits its header too (a package of short names); a metric header spans
    // its percent and ratio columns.
    let widths = rows[0].indices.map { column in
      (column == 0 ? rows : Array(rows.dropFirst())).map { $0[column].count }.max()!
    }
    return rows.enumerated().map { index, row in
      row.enumerated().map { column, cell in
        if column == 0 || column % 2 == 0 || index == 0 { return pad(cell, widths[column]) }
        return padLeft(cell, widths[column])
      }.joined(separator: " ").trimmingTrailingSpaces()
    }
  }

  /// What the starred branch column is, how much of it could be derived, and why the rest
  /// could not (the commonest reasons first).
  private func branchNote(_ report: CoverageReport) -> [String] {
    if !report.derivesBranches, report.hasProducerBranches {
      let outcomes = report.files.map(\.coverage.producerBranches)
      let lines = outcomes.reduce(0) { $0 + Set($1.map(\.line)).count }
      return [
        "* Branches as the data's producer measured them (LCOV's BRDA records): \(outcomes.reduce(0) { $0 + $1.count }) outcomes on \(lines) line\(lines == 1 ? "" : "s"); none derived by covgate."
      ]
    }
    guard report.derivesBranches else { return [] }
    let all = report.files.compactMap(\.coverage.branches)
    let decisions = all.reduce(0) { $0 + $1.decisions.count }
    let left = all.flatMap(\.notDerivable)
    let share =
      decisions + left.count == 0
      ? "" : ", \(decisions * 100 / (decisions + left.count))% of those with data"
    let contradicted = left.count(where: \.contradicted)
    var note = [
      "* Branches derived from the source and the regions' counts (Swift emits none): \(decisions) decisions\(share);"
        + " \(left.count) not derivable and left out"
        + (contradicted == 0 ? "." : ", \(contradicted) of them contradicted by a second region.")
    ]
    // Reasons grouped without their figures ("contradicted: exit 2 by ..."), commonest first.
    let reasons = Dictionary(grouping: left) {
      $0.reason.split(separator: ":").first.map(String.init) ?? $0.reason
    }
    for (reason, entries) in reasons.sorted(by: {
      ($1.value.count, $0.key) < ($0.value.count, $1.key)
    }).prefix(5) {
      note.append("  \(entries.count) \(reason)")
    }
    return note
  }

  private func verdicts(_ report: CoverageReport) -> [String] {
    guard !report.gate.verdicts.isEmpty else { return ["No thresholds configured.", ""] }
    let ordered = report.gate.verdicts.sorted { $0.status.severityRank < $1.status.severityRank }
    return ["Verdicts:"] + ordered.map { "  \(label($0.status)) \($0.message)" } + [""]
  }

  private func patch(_ report: CoverageReport) -> [String] {
    guard let patch = report.patch else { return [] }
    var out = [
      "Patch coverage since \(patch.base) (\(patch.baseCommit.prefix(12))): \(patch.lines.formattedPercent) (\(patch.lines.formattedRatio)) of changed executable lines"
    ]
    for file in patch.files where !file.uncoveredLines.isEmpty {
      out.append("  not run: \(file.path):\(file.uncoveredDescription)")
    }
    for file in patch.unmeasured { out.append("  not measured: \(file.path) (\(file.reason))") }
    return out + [""]
  }

  private func exclusions(_ report: CoverageReport) -> [String] {
    guard !report.exclusions.isEmpty else { return [] }
    return ["Excluded in source (covgate:ignore):"]
      + report.exclusions.map {
        "  \($0.path):\($0.linesDescription): \($0.reason)\($0.ranAnyway ? " (ran anyway)" : "")"
      } + [""]
  }

  private func targetsWithoutData(_ report: CoverageReport) -> [String] {
    guard !report.targetsWithoutData.isEmpty else { return [] }
    return ["Targets without coverage data:"]
      + report.targetsWithoutData.map {
        "  \($0.name) (\($0.layer)): \($0.sourceFiles) files, \($0.sourceLines) lines; \($0.reason)"
      } + [""]
  }

  private func worstFiles(_ report: CoverageReport) -> [String] {
    let files = LeastCoveredFiles.of(report, limit: Self.worstFileCount)
    guard !files.isEmpty else { return [] }
    let width = files.map { $0.summary.lines.formattedPercent.count }.max()!
    return ["Least-covered files of gated layers (lines):"]
      + files.map {
        "  \(padLeft($0.summary.lines.formattedPercent, width))  \($0.path) (\($0.summary.lines.missed) of \($0.summary.lines.count) lines missed)"
      }
  }

  /// The functions most likely to hide a bug: complex and barely run.
  private func riskiest(_ report: CoverageReport) -> [String] {
    let rows = RiskiestFunctions.rows(report)
    guard rows.count > 1 else { return [] }
    let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max()! }
    return ["", "Riskiest functions of gated layers (\(RiskiestFunctions.formula)):"]
      + rows.map { row in
        "  "
          + row.enumerated().map { column, cell in
            column < 3 ? padLeft(cell, widths[column]) : cell
          }.joined(separator: "  ")
      }
  }

  private func label(_ status: Verdict.Status) -> String {
    switch status {
    case .failed: paint("FAIL", .red)
    case .warning: paint("WARN", .yellow)
    case .notApplicable: "N/A "
    case .passed: paint("PASS", .green)
    }
  }

  private enum Color: String {
    case red = "31"
    case green = "32"
    case yellow = "33"
  }

  private func paint(_ text: String, _ color: Color) -> String {
    useColor ? "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m" : text
  }
}

func pad(_ text: String, _ width: Int) -> String {
  text + String(repeating: " ", count: max(0, width - text.count))
}

func padLeft(_ text: String, _ width: Int) -> String {
  String(repeating: " ", count: max(0, width - text.count)) + text
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    var result = self
    while result.last == " " { result.removeLast() }
    return result
  }
}
