import CoverageModel

extension FilePage {
  /// The source with line numbers and counts, or why it cannot be shown, in parts.
  func sourceSection() -> [String] {
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
      return [html + "</section>\n"]
    }
    let highlighted = HighlightedSource(source)
    if view == nil {
      html +=
        "<p class=\"notice\">The export has no line data for this file: counts are not shown.</p>\n"
    } else if let view, view.lineCount > highlighted.lineCount {
      html += """
        <p class="notice">The coverage data spans \(view.lineCount) lines but the source has \
        \(highlighted.lineCount): the file may have changed since the tests ran.</p>

        """
    }
    html +=
      "<div class=\"scroll\"><table class=\"code\" aria-label=\"Source of \(file.path.htmlEscaped) "
    html += "with hit counts\">\n<thead class=\"sr-only\"><tr><th scope=\"col\">Line</th>"
    html += "<th scope=\"col\">Hits</th><th scope=\"col\">Source</th></tr></thead>\n<tbody>\n"
    return [
      html, String(decoding: rows(highlighted, view), as: UTF8.self),
      "</tbody>\n</table></div>\n</section>\n",
    ]
  }

  /// A row per line, built as bytes: the hot loop of the HTML report.
  private func rows(_ source: HighlightedSource, _ view: LineView?) -> [UInt8] {
    let partial = Set(file.coverage.partialLines)
    let spans = MissedSpans(missedRegions: file.coverage.missedRegions, lines: partial)
    let decisions = Dictionary(
      grouping: file.coverage.branches?.decisions ?? [], by: \.location.line)
    var rows: [UInt8] = []
    rows.reserveCapacity(source.bytes.count * 2 + source.lineCount * 110)
    var cursor = 0
    for index in 0..<source.lineCount {
      let number = index + 1
      let count = view?.count(line: number)
      rows.append("<tr id=\"L")
      rows.appendDecimal(UInt64(number))
      let state: StaticString? =
        partial.contains(number)
        ? "partial" : count.map { $0 > 0 ? "covered" : "uncovered" }
      let changed = changedLines.contains(number)
      if state != nil || changed {
        rows.append("\" class=\"")
        if let state { rows.append(state) }
        if changed { rows.append(state == nil ? "changed" : " changed") }
      }
      rows.append("\"><td class=\"ln\"><a href=\"#L")
      rows.appendDecimal(UInt64(number))
      rows.append("\">")
      rows.appendDecimal(UInt64(number))
      rows.append("</a></td>")
      appendCountCell(count, to: &rows)
      rows.append("<td class=\"src\">")
      let tokens = source.tokens(onLine: index, from: &cursor)
      source.withLine(index) { line in
        MissedSpans.append(
          line: line, missed: spans.byteRanges(line: number, in: line), tokens: tokens,
          offset: source.lineRanges[index].lowerBound, to: &rows)
      }
      if let onLine = decisions[number] { rows.append(contentsOf: Self.branchBadge(onLine).utf8) }
      rows.append("</td></tr>\n")
    }
    return rows
  }

  /// After a line with decisions: its outcomes taken out of all (`2/3 branches`), coloured all,
  /// some or none taken, each decision's outcome counts in the tooltip; opened, the list of
  /// every decision and outcome under the line, as llvm-cov's branch view (no script needed).
  static func branchBadge(_ decisions: [Decision]) -> String {
    let outcomes = decisions.flatMap(\.outcomes)
    let taken = outcomes.count { $0.count > 0 }
    let state = taken == outcomes.count ? "all" : taken == 0 ? "none" : "some"
    let detail = decisions.map { decision in
      "\(decision.kind.rawValue) reached \(decision.reached): "
        + decision.outcomes.map { "\($0.label) \($0.count)" }.joined(separator: ", ")
    }.joined(separator: "; ").htmlEscaped
    let items = decisions.map { decision in
      "<li>\(decision.kind.rawValue.htmlEscaped) at \(decision.location.line):\(decision.location.column), "
        + "reached \(decision.reached): "
        + decision.outcomes.map { outcome in
          let ran = outcome.count > 0
          return "<span class=\"\(ran ? "taken" : "not-taken")\">\(outcome.label.htmlEscaped) "
            + "\(outcome.count)\(ran ? "" : " (never taken)")</span>"
        }.joined(separator: ", ") + "</li>"
    }.joined()
    return "<details class=\"br-list\"><summary class=\"br \(state)\" title=\"\(detail)\">"
      + "<span class=\"sr-only\">derived branches taken: </span>\(taken)/\(outcomes.count)</summary>"
      + "<ul>\(items)</ul></details>"
  }

  /// A line's count cell, abbreviated as llvm-cov does with the exact count in the tooltip;
  /// empty for a line without code. Kept small: a page has a row per line.
  private func appendCountCell(_ count: UInt64?, to rows: inout [UInt8]) {
    guard let count else { return rows.append("<td class=\"count\"></td>") }
    CountFormat.append(count, in: "<td class=\"count\"", closing: "</td>", to: &rows)
  }

  /// The title, the legend and the buttons to jump between uncovered code (the shared script
  /// also binds them to `n`/`j` and `p`/`k`); it stays in view while the source scrolls.
  private func sourceHeader() -> String {
    let changed = changedLines.isEmpty ? "" : "<span class=\"key changed\">changed</span>"
    let branchKey =
      file.coverage.branches?.decisions.isEmpty == false
      ? "<span class=\"br-key\"><span class=\"br some\">1/2</span> derived branches taken</span>"
      : ""
    return """
      <div class="source-head"><h2 id="source-title">Source</h2><div class="legend">\
      <span class="key covered">ran</span><span class="key uncovered">never ran</span>\
      <span class="key partial">partly ran, <span class="missed">never-run part</span></span>\(changed)\(branchKey)</div>\
      <div class="jump" hidden><span id="jump-status" class="muted" aria-live="polite"></span>\
      <button type="button" data-jump="prev" title="Previous uncovered code (p or k)">\
      ↑ Previous</button><button type="button" data-jump="next" title="Next uncovered code (n or j)">\
      Next ↓</button><span class="muted keys"><kbd>n</kbd> <kbd>p</kbd> jump to uncovered code</span>\
      </div></div>

      """
  }
}
