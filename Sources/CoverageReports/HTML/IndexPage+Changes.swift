import CoverageModel

extension IndexPage {
  /// Coverage of the changed lines, when a base was given: the figure, then per file the
  /// changed lines that never ran (linked to the file page), then changed files not measured.
  func patchSection() -> String {
    guard let patch = report.patch else { return "" }
    let base = patch.base.htmlEscaped
    let commit = String(patch.baseCommit.prefix(12)).htmlEscaped
    var html = """
      <section aria-labelledby="patch-title">
      <h2 id="patch-title">Changed lines</h2>
      <p class="patch-summary"><span>Since <code>\(base)</code> (<code>\(commit)</code>):</span>\
      <span class="pct \(HTMLPage.level(patch.lines, rule: nil))">\(patch.lines.formattedPercent)</span>\
      \(HTMLPage.bar(patch.lines, rule: nil))<span>\(patch.lines.covered) of \(patch.lines.count) executable \
      changed lines ran. <a href="\(ChangesPage.fileName)">See them with their context</a></span></p>

      """
    if !patch.files.isEmpty {
      html += "<div class=\"scroll\"><table class=\"plain patch\">\n<thead><tr><th>File</th>"
      html += "<th>Changed lines</th><th>Never ran</th></tr></thead>\n<tbody>\n"
      for file in patch.files {
        let page = pageNames.relativePath(of: file.path)
        html += "<tr><td class=\"path\">"
        html +=
          page.map { "<a href=\"\($0.htmlEscaped)\">\(displayPath(file.path))</a>" }
          ?? displayPath(file.path)
        html += "</td>" + HTMLPage.metricCell(file.lines, rule: nil) + "<td class=\"line-list\">"
        html += file.uncoveredRanges.map { range in
          let text =
            range.count == 1 ? "\(range.lowerBound)" : "\(range.lowerBound)–\(range.upperBound)"
          return page.map { "<a href=\"\($0.htmlEscaped)#L\(range.lowerBound)\">\(text)</a>" }
            ?? text
        }.joined(separator: ", ")
        html += "</td></tr>\n"
      }
      html += "</tbody>\n</table></div>\n"
    }
    if !patch.unmeasured.isEmpty {
      html += "<p class=\"muted\">Changed but not measured:</p>\n<ul class=\"plain-list\">\n"
      for file in patch.unmeasured {
        html += "<li><code>\(file.path.htmlEscaped)</code>: \(file.reason.htmlEscaped)</li>\n"
      }
      html += "</ul>\n"
    }
    return html + "</section>\n"
  }

  /// Lines that `covgate:ignore` markers took out of the figures, with their reasons.
  func exclusionsSection() -> String {
    guard !report.exclusions.isEmpty else { return "" }
    var html = "<section aria-labelledby=\"markers-title\">\n"
    html += "<h2 id=\"markers-title\">Excluded in source</h2>\n"
    html += "<div class=\"scroll\"><table class=\"plain\">\n<thead><tr><th>File</th><th>Lines</th>"
    html += "<th>Reason</th><th></th></tr></thead>\n<tbody>\n"
    for exclusion in report.exclusions {
      let lines = exclusion.linesDescription.htmlEscaped
      html += "<tr><td class=\"path\">"
      if let page = pageNames.relativePath(of: exclusion.path) {
        let anchor = exclusion.wholeFile ? "" : "#L\(exclusion.firstLine)"
        html += "<a href=\"\(page.htmlEscaped)\(anchor)\">\(displayPath(exclusion.path))</a>"
      } else {
        html += displayPath(exclusion.path)
      }
      html += "</td><td>\(lines)</td><td>\(exclusion.reason.htmlEscaped)</td><td>"
      html += exclusion.ranAnyway ? "<span class=\"badge warning\">ran anyway</span>" : ""
      html += "</td></tr>\n"
    }
    return html + "</tbody>\n</table></div>\n</section>\n"
  }

  /// What ran in some of the repeated runs and not in others.
  func varyingSection() -> String {
    guard let varying = report.varying, !varying.files.isEmpty else { return "" }
    var html = "<section aria-labelledby=\"varying-title\">\n"
    html += "<h2 id=\"varying-title\">Coverage that varied between the \(varying.runs) runs</h2>\n"
    html +=
      "<p class=\"muted\">The figures merge the runs, so these lines count as run; no patch or baseline verdict comes from them.</p>\n"
    html +=
      "<div class=\"scroll\"><table class=\"plain\">\n<thead><tr><th>File</th><th>Lines</th><th>Functions</th></tr></thead>\n<tbody>\n"
    for file in varying.files {
      html += "<tr><td class=\"path\">"
      if let page = pageNames.relativePath(of: file.path) {
        let anchor = file.lines.first.map { "#L\($0)" } ?? ""
        html += "<a href=\"\(page.htmlEscaped)\(anchor)\">\(displayPath(file.path))</a>"
      } else {
        html += displayPath(file.path)
      }
      html +=
        "</td><td>\(VaryingCoverage.ranges(file.lines).htmlEscaped)</td><td>\(file.functions.count)</td></tr>\n"
    }
    return html + "</tbody>\n</table></div>\n</section>\n"
  }
}
