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
      heading: heading, capabilities: report.capabilities)
    var totals =
      "<section aria-label=\"Totals\">\n"
      + HTMLPage.cards(
        report.totals, rules: nil,
        branches: !report.showsBranches
          ? nil : report.derivesBranches ? "Branches (derived)" : "Branches (measured)",
        regions: report.capabilities.regions)
      + "</section>\n"
    if !report.history.isEmpty {
      totals +=
        "<section class=\"trend\" aria-label=\"Coverage trend\">\n<h2>Trend</h2>\n"
        + (TrendChart.flatSummary(points: report.history).map {
          "<p class=\"trend-flat\">\($0.htmlEscaped)</p>\n"
        } ?? TrendChart.svg(points: report.history)) + "</section>\n"
    }
    let risks = report.riskiestFunctions(limit: CoverageReport.riskTableLength)
    return [
      document.start, menu(hasRisks: !risks.isEmpty), gateSection(), totals, patchSection(),
      layersSection(), foldersSection(),
      filesSection(), risksSection(risks), targetsWithoutDataSection(), exclusionsSection(),
      varyingSection(), excludedFilesSection(), document.end,
    ]
  }

  // MARK: Layers

  private func layersSection() -> String {
    var html =
      "<section aria-labelledby=\"layers-title\">\n<h2 id=\"layers-title\">Layers and targets</h2>\n"
    html += "<div class=\"scroll\"><table class=\"layers\">\n<thead><tr><th>Layer / target</th>"
    html += "<th class=\"num\">Files</th><th>Lines</th><th>Functions</th>"
    if report.capabilities.regions { html += "<th>Regions</th>" }
    html += "<th>Gate</th></tr></thead>\n"
    for layer in report.shownLayers {
      let gated = layer.gated ? "gated" : "ungated"
      let files = layer.targets.reduce(0) { $0 + $1.fileCount }
      html +=
        "<tbody class=\"\(gated)\">\n<tr class=\"layer-row\" id=\"\(Self.anchor("layer", layer.name))\">"
      html += "<th scope=\"row\">"
      html += "<span class=\"name\">\(layer.name.htmlEscaped)</span> "
      html += "<span class=\"badge \(gated)\">\(layer.gated ? "gated" : "not gated")</span></th>"
      let rules = HTMLPage.rules(of: layer)
      html +=
        "<td class=\"num\">\(files)</td>"
        + HTMLPage.metricCells(layer.totals, rules: rules, regions: report.capabilities.regions)
      html += "<td class=\"rules\">\(thresholds(layer))</td></tr>\n"
      for target in layer.targets {
        html += "<tr class=\"target-row\" id=\"\(Self.anchor("target", target.name))\">"
        html += "<th scope=\"row\">\(target.name.htmlEscaped)</th>"
        html += "<td class=\"num\">\(target.fileCount)</td>"
        html += HTMLPage.metricCells(
          target.totals, rules: rules, regions: report.capabilities.regions, part: true)
        html += "<td></td></tr>\n"
      }
      html += "</tbody>\n"
    }
    html +=
      "<tfoot><tr id=\"total\"><th scope=\"row\">Total</th><td class=\"num\">\(report.files.count)</td>"
    html +=
      HTMLPage.metricCells(report.totals, rules: nil, regions: report.capabilities.regions)
      + "<td></td></tr></tfoot>\n</table></div>\n"
    html += Self.legend
    for note in report.inputNotes {
      html += "<p class=\"input-note muted\">Note: \(note.htmlEscaped).</p>\n"
    }
    html += "</section>\n"
    return html
  }

  /// What the colours of the figures mean.
  static let legend =
    "<p class=\"colour-legend muted\">Colours and marks follow the gate: <span class=\"low\">red ✕</span> "
    + "below a gated layer's minimum (or a file's own minimum), <span class=\"low\">red ▽</span> a file, "
    + "folder or target below its layer's minimum (the gate judges the layer as a whole), "
    + "<span class=\"medium\">amber △</span> below its target, "
    + "<span class=\"high\">green</span> unmarked at or above it; files and targets take their layer's "
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
