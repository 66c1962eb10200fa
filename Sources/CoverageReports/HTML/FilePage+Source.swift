import CoverageModel

extension FilePage {
  /// The source with line numbers and counts, or why it cannot be shown.
  func sourceSection() -> String {
    var html = "<section class=\"source\" aria-labelledby=\"source-title\">\n" + sourceHeader()
    let view = file.coverage.lineView
    guard let source else {
      html += """
        <p class="notice missing">The source of <code>\(file.path.htmlEscaped)</code> is missing: \
        it could not be read from the package (moved, deleted or outside the package root).</p>

        """
      if let view, !view.uncoveredLines.isEmpty {
        html += "<p>Lines that never ran: \(HTMLPage.lineRanges(view.uncoveredLines)).</p>\n"
      }
      let partial = file.coverage.partialLines
      if !partial.isEmpty {
        html += "<p>Lines that partly ran: \(HTMLPage.lineRanges(partial)).</p>\n"
      }
      return html + "</section>\n"
    }
    let highlighted = HighlightedSource(source)
    let lines = highlighted.lines
    if view == nil {
      html +=
        "<p class=\"notice\">The export has no line data for this file: counts are not shown.</p>\n"
    } else if let view, view.lineCount > lines.count {
      html += """
        <p class="notice">The coverage data spans \(view.lineCount) lines but the source has \
        \(lines.count): the file may have changed since the tests ran.</p>

        """
    }
    html +=
      "<div class=\"scroll\"><table class=\"code\" aria-label=\"Source of \(file.path.htmlEscaped) "
    html += "with hit counts\">\n<thead class=\"sr-only\"><tr><th scope=\"col\">Line</th>"
    html += "<th scope=\"col\">Hits</th><th scope=\"col\">Source</th></tr></thead>\n<tbody>\n"
    let partial = Set(file.coverage.partialLines)
    let spans = MissedSpans(missedRegions: file.coverage.missedRegions, lines: partial)
    // A row per line: built as bytes, the hot loop of the HTML report.
    var rows: [UInt8] = []
    rows.reserveCapacity(source.utf8.count * 2 + lines.count * 110)
    for (index, bytes) in lines.enumerated() {
      let number = index + 1
      let count = view?.count(line: number)
      var classes: [String] = []
      if partial.contains(number) {
        classes.append("partial")
      } else if let count {
        classes.append(count > 0 ? "covered" : "uncovered")
      }
      if changedLines.contains(number) { classes.append("changed") }
      rows.append(contentsOf: "<tr id=\"L\(number)\"".utf8)
      if !classes.isEmpty {
        rows.append(contentsOf: " class=\"\(classes.joined(separator: " "))\"".utf8)
      }
      rows.append(contentsOf: "><td class=\"ln\"><a href=\"#L\(number)\">\(number)</a></td>".utf8)
      rows.append(contentsOf: countCell(count).utf8)
      rows.append(contentsOf: "<td class=\"src\">".utf8)
      MissedSpans.append(
        line: bytes, missed: spans.byteRanges(line: number, in: bytes),
        tokens: highlighted.tokens(onLine: index), to: &rows)
      rows.append(contentsOf: "</td></tr>\n".utf8)
    }
    return html + String(decoding: rows, as: UTF8.self) + "</tbody>\n</table></div>\n</section>\n"
  }

  /// A line's count cell, abbreviated as llvm-cov does with the exact count in the tooltip;
  /// empty for a line without code. Kept small: a page has a row per line.
  private func countCell(_ count: UInt64?) -> String {
    guard let count else { return "<td class=\"count\"></td>" }
    let short = CountFormat.abbreviated(count)
    return short == String(count)
      ? "<td class=\"count\">\(short)</td>" : "<td class=\"count\" title=\"\(count)\">\(short)</td>"
  }

  /// The title, the legend and the buttons to jump between uncovered code (the shared script
  /// also binds them to `n`/`j` and `p`/`k`); it stays in view while the source scrolls.
  private func sourceHeader() -> String {
    let changed = changedLines.isEmpty ? "" : "<span class=\"key changed\">changed</span>"
    return """
      <div class="source-head"><h2 id="source-title">Source</h2><div class="legend">\
      <span class="key covered">ran</span><span class="key uncovered">never ran</span>\
      <span class="key partial">partly ran, <span class="missed">never-run part</span></span>\(changed)</div>\
      <div class="jump" hidden><span id="jump-status" class="muted" aria-live="polite"></span>\
      <button type="button" data-jump="prev" title="Previous uncovered code (p or k)">\
      ↑ Previous</button><button type="button" data-jump="next" title="Next uncovered code (n or j)">\
      Next ↓</button><span class="muted keys"><kbd>n</kbd> <kbd>p</kbd> jump to uncovered code</span>\
      </div></div>

      """
  }
}
