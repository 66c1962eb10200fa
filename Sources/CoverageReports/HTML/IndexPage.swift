import CoverageModel

/// `index.html`: the gate result first, then totals, changed lines, layers and targets, every
/// file, the riskiest functions, targets without data, exclusions in source and excluded files. Every figure is the
/// model's.
struct IndexPage {
  let report: CoverageReport
  let pageNames: FilePageNames
  var heading = ReportHeading()

  /// The whole page.
  func html() -> String { parts().joined() }

  /// The page in parts written one after the other: the sections are not joined into one text
  /// (the file list alone is half a megabyte on a large package).
  func parts() -> [String] {
    let package = report.packageName.htmlEscaped
    let header = HTMLPage.brand(root: "") + "<span class=\"crumb\">\(package)</span>"
    let verdict = report.gate.passed ? "passed" : "failed"
    let document = HTMLPage.documentEnds(
      title: "\(package) coverage: gate \(verdict)", root: "", kind: "index", header: header,
      heading: heading, origin: report.origin)
    var totals =
      "<section aria-label=\"Totals\">\n" + HTMLPage.cards(report.totals, rules: nil, branches: report.derivesBranches)
      + "</section>\n"
    if !report.history.isEmpty {
      totals +=
        "<section class=\"trend\" aria-label=\"Coverage trend\">\n<h2>Trend</h2>\n"
        + TrendChart.svg(points: report.history) + "</section>\n"
    }
    return [
      document.start, gateSection(), totals, patchSection(), layersSection(), foldersSection(),
      filesSection(), risksSection(), targetsWithoutDataSection(), exclusionsSection(),
      varyingSection(), excludedFilesSection(), document.end,
    ]
  }

  // MARK: Gate

  private func gateSection() -> String {
    let gate = report.gate
    let state = gate.passed ? "passed" : "failed"
    var facts: [String] = []
    if gate.verdicts.isEmpty {
      facts.append("no thresholds configured")
    } else if gate.passed {
      facts.append(count(gate.verdicts.filter { $0.status == .passed }.count, "check") + " passed")
    } else {
      facts.append(count(gate.failures.count, "failing check"))
    }
    if !gate.warnings.isEmpty { facts.append(count(gate.warnings.count, "warning")) }
    if let tests = report.tests {
      facts.append(
        tests.passed ? "tests passed" : tests.crashed.isEmpty ? "tests failed" : "tests crashed")
    }
    var html = "<section class=\"gate \(state)\" aria-labelledby=\"gate-title\">\n"
    html += "<div class=\"gate-head\"><span class=\"gate-icon\" aria-hidden=\"true\">"
    html += gate.passed ? "✓" : "✗"
    let tests =
      report.tests?.label.map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() + " · " }
      ?? ""
    html +=
      "</span><div><h1 id=\"gate-title\">\(tests)\(tests.isEmpty ? "Gate" : "gate") \(state)</h1>"
    html +=
      "<p class=\"gate-facts\">\(report.packageName.htmlEscaped) · \(facts.joined(separator: " · "))</p>"
    html += "</div></div>\n"
    if let detail = report.tests?.detail {
      html +=
        "<p class=\"notice failed\">\((detail.prefix(1).uppercased() + detail.dropFirst()).htmlEscaped).</p>\n"
    }
    if let lines = report.tests?.failedTestLines, !lines.isEmpty {
      html += "<details class=\"failed-tests\" open><summary>\(count(lines.count, "failed test"))</summary><ul>"
      html += lines.map { "<li><code>\($0.htmlEscaped)</code></li>" }.joined()
      html += "</ul></details>\n"
    }
    html += verdictList(gate.failures + gate.warnings)
    if gate.verdicts.isEmpty {
      html += "<p class=\"muted\">No thresholds configured: nothing is gated. "
      html += "Add minimums per layer in <code>.covgate.yml</code>.</p>\n"
    } else {
      html +=
        "<details class=\"all-verdicts\"><summary>All checks (\(gate.verdicts.count))</summary>\n"
      html += verdictList(gate.verdicts.sorted { $0.status.severityRank < $1.status.severityRank })
      html += "</details>\n"
    }
    return html + "</section>\n"
  }

  private func verdictList(_ verdicts: [Verdict]) -> String {
    guard !verdicts.isEmpty else { return "" }
    var html = "<ul class=\"verdicts\">\n"
    for verdict in verdicts {
      let (className, tag) = label(verdict.status)
      html += "<li class=\"\(className)\"><span class=\"tag\">\(tag)</span>"
      html += "<span class=\"message\">\(verdict.message.htmlEscaped)</span></li>\n"
    }
    return html + "</ul>\n"
  }

  private func label(_ status: Verdict.Status) -> (String, String) {
    switch status {
    case .failed: ("failed", "FAIL")
    case .warning: ("warning", "WARN")
    case .notApplicable: ("na", "N/A")
    case .passed: ("passed", "PASS")
    }
  }

  private func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }

  // MARK: Layers

  private func layersSection() -> String {
    var html =
      "<section aria-labelledby=\"layers-title\">\n<h2 id=\"layers-title\">Layers and targets</h2>\n"
    html += "<div class=\"scroll\"><table class=\"layers\">\n<thead><tr><th>Layer / target</th>"
    html += "<th class=\"num\">Files</th><th>Lines</th><th>Functions</th><th>Regions</th>"
    html += "<th>Gate</th></tr></thead>\n"
    for layer in report.shownLayers {
      let gated = layer.gated ? "gated" : "ungated"
      let files = layer.targets.reduce(0) { $0 + $1.fileCount }
      html += "<tbody class=\"\(gated)\">\n<tr class=\"layer-row\"><th scope=\"row\">"
      html += "<span class=\"name\">\(layer.name.htmlEscaped)</span> "
      html += "<span class=\"badge \(gated)\">\(layer.gated ? "gated" : "not gated")</span></th>"
      let rules = HTMLPage.rules(of: layer)
      html += "<td class=\"num\">\(files)</td>" + HTMLPage.metricCells(layer.totals, rules: rules)
      html += "<td class=\"rules\">\(thresholds(layer))</td></tr>\n"
      for target in layer.targets {
        html += "<tr class=\"target-row\"><th scope=\"row\">\(target.name.htmlEscaped)</th>"
        html += "<td class=\"num\">\(target.fileCount)</td>"
        html += HTMLPage.metricCells(target.totals, rules: rules)
        html += "<td></td></tr>\n"
      }
      html += "</tbody>\n"
    }
    html += "<tfoot><tr><th scope=\"row\">Total</th><td class=\"num\">\(report.files.count)</td>"
    html +=
      HTMLPage.metricCells(report.totals, rules: nil) + "<td></td></tr></tfoot>\n</table></div>\n"
    html += Self.legend + "</section>\n"
    return html
  }

  /// What the colours of the figures mean.
  static let legend =
    "<p class=\"colour-legend muted\">Colours follow the gate: <span class=\"low\">red</span> below a "
    + "gated layer's minimum, <span class=\"medium\">amber</span> below its target, "
    + "<span class=\"high\">green</span> at or above it; files and targets take their layer's "
    + "rules. Figures no rule applies to (layers that are not gated, the total) are neutral.</p>\n"

  /// `lines ≥ 60% (target 70%)` per metric with a threshold, in metric order.
  private func thresholds(_ layer: LayerReport) -> String {
    guard layer.gated else { return "<span class=\"muted\">reported only</span>" }
    let rules = MetricKind.allCases.compactMap { kind -> String? in
      guard let threshold = layer.thresholds[kind] else { return nil }
      var parts: [String] = []
      if let minimum = threshold.minimum { parts.append("≥ \(formatThreshold(minimum))%") }
      if let target = threshold.target { parts.append("target \(formatThreshold(target))%") }
      if let cap = threshold.maxUncovered { parts.append("≤ \(cap) uncovered") }
      return parts.isEmpty ? nil : "\(kind.rawValue) \(parts.joined(separator: ", "))"
    }
    return rules.isEmpty
      ? "<span class=\"muted\">no minimums</span>" : rules.joined(separator: "<br>")
  }
}
