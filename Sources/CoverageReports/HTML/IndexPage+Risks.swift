import CoverageModel

extension IndexPage {
  /// The riskiest functions of gated layers (`report.riskiestFunctions`), riskiest first,
  /// sortable by every column.
  func risksSection(_ risks: [(file: ScopedFile, risk: FunctionRisk)]) -> String {
    guard !risks.isEmpty else { return "" }
    var html = "<section aria-labelledby=\"risks-title\">\n"
    html +=
      "<h2 id=\"risks-title\">Riskiest functions <span class=\"count\">\(risks.count)</span></h2>\n"
    html += "<p class=\"muted\">Gated layers; risk = complexity² × (1 − coverage)³ + complexity, "
    html += "complexity from the source, coverage = the function's regions that ran.</p>\n"
    html += "<div class=\"scroll\"><table class=\"risks sortable\" id=\"risks\">\n<thead><tr>"
    html += HTMLPage.sortableHeader("Risk", key: "risk", type: "number", className: "num")
    html += HTMLPage.sortableHeader(
      "Complexity", key: "complexity", type: "number", className: "num")
    html += HTMLPage.sortableHeader("Regions", key: "regions", type: "number", className: "num")
    html += HTMLPage.sortableHeader("Function", key: "function", type: "text")
    html += HTMLPage.sortableHeader("File", key: "file", type: "text")
    html += "</tr></thead>\n<tbody>\n"
    for (file, risk) in risks {
      let regions = risk.regions.truncatedPercent.map { "\($0)" } ?? "-1"
      html += "<tr><td class=\"num\" data-sort=\"\(risk.score)\">\(risk.formattedScore)</td>"
      html += "<td class=\"num\" data-sort=\"\(risk.complexity)\">\(risk.complexity)</td>"
      html += "<td class=\"num\" data-sort=\"\(regions)\">\(risk.regions.formattedPercent)</td>"
      html += "<td class=\"name\">\(risk.displayName.htmlEscapedBreakable)</td>"
      let location = "\(file.path):\(risk.line)"
      html += "<td class=\"path\" data-sort=\"\(location.htmlEscaped)\">"
      if let page = pageNames.relativePath(of: file.path) {
        html += "<a href=\"\(page.htmlEscaped)#L\(risk.line)\">\(location.htmlEscapedBreakable)</a>"
      } else {
        html += location.htmlEscapedBreakable
      }
      html += "</td></tr>\n"
    }
    return html + "</tbody>\n</table></div>\n</section>\n"
  }
}
