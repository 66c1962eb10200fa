import CoverageModel

extension FilePage {
  /// The source (nil when it could not be read) with line numbers and counts, or why it cannot
  /// be shown.
  func appendSourceSection(_ highlighted: HighlightedSource?, to page: inout HTMLBytes) {
    var html = "<section class=\"source\" aria-labelledby=\"source-title\">\n" + sourceHeader()
    let view = file.coverage.lineView
    guard let highlighted else {
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
      return page.append(string: html + "</section>\n")
    }
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
    page.append(string: html)
    appendRows(highlighted, view, to: &page)
    page.append("</tbody>\n</table></div>\n</section>\n")
  }

  /// A row per line, built as bytes: the hot loop of the HTML report.
  private func appendRows(
    _ source: HighlightedSource, _ view: LineView?, to rows: inout HTMLBytes
  ) {
    let partialLines = file.coverage.partialLines
    let spans = MissedSpans(missedRegions: file.coverage.missedRegions, lines: Set(partialLines))
    // Per line, looked up by index as the lines go by: no hashing of every line.
    let partial = Self.flags(partialLines, lineCount: source.lineCount)
    let changedFlags = Self.flags(changedLines, lineCount: source.lineCount)
    let decisions = Self.decisionsByLine(file.coverage.branches?.decisions ?? [])
    let notDerivable = Dictionary(
      grouping: file.coverage.branches?.notDerivable ?? [], by: \.location.line)
    let survived = Dictionary(grouping: survivors, by: \.line)
    var nextDecision = 0
    var cursor = 0
    var lineNumber = DecimalCounter()
    // The source and its tokens read in place once for all its lines.
    source.withBytes { bytes in
      source.tokens.withUnsafeBufferPointer { tokens in
        for index in 0..<source.lineCount {
          let number = index + 1
          let count = view?.count(line: number)
          // Attribute values without spaces go unquoted, and the end tags a parser infers are
          // left out (a row is most of a page), but the source cell's: a line break after it
          // would become part of its preformatted text.
          rows.append("<tr id=L")
          let numberStart = rows.count
          lineNumber.increment()
          lineNumber.append(to: &rows)
          let numberLength = rows.count - numberStart
          let state: StaticString? =
            partial[number] ? "partial" : count.map { $0 > 0 ? "covered" : "uncovered" }
          if changedFlags[number] {
            if let state {
              rows.append(" class=\"")
              rows.append(state)
              rows.append(" changed\"")
            } else {
              rows.append(" class=changed")
            }
          } else if let state {
            rows.append(" class=")
            rows.append(state)
          }
          // The number is plain text: the shared script links it to its row (`#L` and the
          // number), so a page does not carry a link for every line.
          rows.append("><td>")
          rows.appendCopy(from: numberStart, length: numberLength)
          appendCountCell(count, ranBy: ranBy(line: number), to: &rows)
          rows.append("<td>")
          let line = UnsafeBufferPointer(rebasing: bytes[source.lineRanges[index]])
          MissedSpans.append(
            line: line, missed: partial[number] ? spans.byteRanges(line: number, in: line) : [],
            tokens: UnsafeBufferPointer(
              rebasing: tokens[source.tokenIndices(onLine: index, from: &cursor)]),
            offset: source.lineRanges[index].lowerBound, to: &rows)
          while nextDecision < decisions.count, decisions[nextDecision].line < number {
            nextDecision += 1
          }
          if nextDecision < decisions.count, decisions[nextDecision].line == number {
            Self.appendBranchBadge(decisions[nextDecision].decisions, to: &rows)
          }
          if let left = notDerivable[number] { Self.appendNotDerivableBadge(left, to: &rows) }
          if let found = survived[number] {
            Self.appendSurvivorBadge(found, page: mutationPage, to: &rows)
          }
          rows.append("</td>\n")
        }
      }
    }
  }

  /// Whether each line number (1-based, up to `lineCount`) is among `lines`.
  private static func flags<Lines: Sequence<Int>>(_ lines: Lines, lineCount: Int) -> [Bool] {
    var flags = [Bool](repeating: false, count: lineCount + 1)
    for line in lines where line >= 1 && line <= lineCount { flags[line] = true }
    return flags
  }

  /// The decisions grouped by line, lines in order, each line's in their order in the file's list.
  private static func decisionsByLine(_ decisions: [Decision]) -> [(
    line: Int, decisions: [Decision]
  )] {
    let order = decisions.indices.sorted {
      (decisions[$0].location.line, $0) < (decisions[$1].location.line, $1)
    }
    var grouped: [(line: Int, decisions: [Decision])] = []
    for index in order {
      let line = decisions[index].location.line
      if grouped.last?.line == line {
        grouped[grouped.count - 1].decisions.append(decisions[index])
      } else {
        grouped.append((line, [decisions[index]]))
      }
    }
    return grouped
  }

  /// After a line with decisions: its outcomes taken out of all (`2/3 branches`), coloured all,
  /// some or none taken, each decision's outcome counts in the tooltip; opened, the list of
  /// every decision and outcome under the line, as llvm-cov's branch view (no script needed).
  static func branchBadge(_ decisions: [Decision]) -> String {
    var html = HTMLBytes()
    appendBranchBadge(decisions, to: &html)
    return html.text()
  }

  /// `branchBadge` appended to a page's bytes.
  static func appendBranchBadge(_ decisions: [Decision], to html: inout HTMLBytes) {
    var (taken, all) = (0, 0)
    for decision in decisions {
      all += decision.outcomes.count
      taken += decision.outcomes.count { $0.count > 0 }
    }
    html.append("<details class=\"br-list\"><summary class=\"br ")
    html.append(taken == all ? "all" : taken == 0 ? "none" : "some")
    html.append("\" title=\"")
    for (index, decision) in decisions.enumerated() {
      if index > 0 { html.append("; ") }
      HTMLEscaping.append(escaping: decision.kind.rawValue.utf8, to: &html)
      html.append(" reached ")
      html.appendDecimal(decision.reached)
      html.append(": ")
      for (position, outcome) in decision.outcomes.enumerated() {
        if position > 0 { html.append(", ") }
        HTMLEscaping.append(escaping: outcome.label.utf8, to: &html)
        html.append(" ")
        html.appendDecimal(outcome.count)
      }
    }
    html.append("\"><span class=\"sr-only\">derived branches taken: </span>")
    html.appendDecimal(UInt64(taken))
    html.append("/")
    html.appendDecimal(UInt64(all))
    html.append("</summary><ul>")
    for decision in decisions {
      appendListItemStart(decision.kind, decision.location, to: &html)
      html.append(", reached ")
      html.appendDecimal(decision.reached)
      html.append(": ")
      for (position, outcome) in decision.outcomes.enumerated() {
        if position > 0 { html.append(", ") }
        let ran = outcome.count > 0
        html.append(ran ? "<span class=\"taken\">" : "<span class=\"not-taken\">")
        HTMLEscaping.append(escaping: outcome.label.utf8, to: &html)
        html.append(" ")
        html.appendDecimal(outcome.count)
        if !ran { html.append(" (never taken)") }
        html.append("</span>")
      }
      html.append("</li>")
    }
    html.append("</ul></details>")
  }

  /// `<li>if at 4:5`: a decision's list entry up to its counts or reason.
  private static func appendListItemStart(
    _ kind: Decision.Kind, _ location: SourceLocation, to html: inout HTMLBytes
  ) {
    html.append("<li>")
    HTMLEscaping.append(escaping: kind.rawValue.utf8, to: &html)
    html.append(" at ")
    html.appendDecimal(UInt64(max(0, location.line)))
    html.append(":")
    html.appendDecimal(UInt64(max(0, location.column)))
  }

  /// After a line with decisions the regions do not prove: `n/a`, opened, each one's reason.
  static func appendNotDerivableBadge(_ left: [NotDerivable], to html: inout HTMLBytes) {
    html.append("<details class=\"br-list\"><summary class=\"br na\" title=\"")
    html.appendDecimal(UInt64(left.count))
    html.append(left.count == 1 ? " decision" : " decisions")
    html.append(
      " not derivable\"><span class=\"sr-only\">branches not derivable: </span>n/a</summary><ul>")
    for entry in left {
      appendListItemStart(entry.kind, entry.location, to: &html)
      html.append(entry.contradicted ? ", contradicted: " : ", not derivable: ")
      let reason =
        entry.reason.hasPrefix("contradicted: ") ? String(entry.reason.dropFirst(14)) : entry.reason
      HTMLEscaping.append(escaping: reason.utf8, to: &html)
      html.append("</li>")
    }
    html.append("</ul></details>")
  }

  /// A line's count cell, abbreviated as llvm-cov does with the exact count in the tooltip;
  /// empty for a line without code. Kept small: a page has a row per line. With merged runs,
  /// the tooltip names the runs that ran the line (`ran in Unit, UI`).
  private func appendCountCell(_ count: UInt64?, ranBy runs: String?, to rows: inout HTMLBytes) {
    guard let count else { return rows.append("<td>") }
    guard let runs else { return CountFormat.append(count, in: "<td", closing: "", to: &rows) }
    rows.append("<td title=\"")
    if count >= 1000 {
      rows.appendDecimal(count)
      rows.append(" · ")
    }
    rows.append("ran in ")
    HTMLEscaping.append(escaping: runs.utf8, to: &rows)
    rows.append("\">")
    CountFormat.appendAbbreviated(count, to: &rows)
  }

  /// The names of the runs that ran `line`, when the file says (merged xccov runs).
  private func ranBy(line: Int) -> String? {
    guard let masks = file.coverage.runsByLine, line >= 1, line <= masks.count, masks[line - 1] != 0
    else { return nil }
    let mask = masks[line - 1]
    return runNames.indices.filter { $0 < 64 && mask & (1 << UInt64($0)) != 0 }.map { runNames[$0] }
      .joined(separator: ", ")
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
      <form class="go-to-line" hidden><label>Go to line <input id="go-to-line" type="number" min="1" \
      inputmode="numeric"></label></form>\
      </div></div>

      """
  }
}
