import CoverageModel
import CovgateSupport

/// One page per source file: its figures, its functions and its source with hit counts,
/// uncovered lines and the never-run parts of partially covered lines.
struct FilePage {
  let file: ScopedFile
  let packageName: String
  /// The title and revision the page shows.
  var heading = ReportHeading()
  /// Whether the file's layer is gated.
  let gated: Bool
  /// The rules that colour the file's figures: its layer's thresholds when gated.
  var rules: Thresholds?
  /// Whether a rule of the file's own (a file minimum) failed: below the minimum, its figures
  /// are marked as the gate's failure (✕), not only as a part of its layer (▽).
  var failedAlone = false
  /// The file's text, `nil` when it could not be read from the package.
  let source: String?
  /// The file's lines that `covgate:ignore` markers took out of the figures.
  var exclusions: [Exclusion] = []
  /// Lines a change touched, when patch coverage was measured.
  var changedLines: Set<Int> = []
  /// After a per-test run: per function (mangled name), the IDs of the tests that ran it.
  var testsByFunction: [String: [String]]?
  /// What the data held (the line note) and whose figures these are (the footer).
  var capabilities: Capabilities
  /// The merged runs' names, when the file says which runs ran each line.
  var runNames: [String] = []
  /// The file's mutants that survived their tests (`--mutation-report`), marked on their lines.
  var survivors: [MutationFindings.Survivor] = []
  /// Mutate's HTML page from the site's folder, linked from each survivor; nil when not beside it.
  var mutationPage: String?

  /// Up to this many functions, their table starts unfolded; longer ones start folded so that
  /// the source stays near the top.
  static let openFunctionLimit = 12

  /// The whole page.
  func html() -> String {
    htmlBytes().withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
  }

  /// The whole page as UTF-8 bytes, the source's rows (most of a page) made in place. Every
  /// piece is valid UTF-8 (the source was read as text), so the page is written as it is.
  func htmlBytes() -> OwnedBytes {
    let path = file.path.htmlEscaped
    let header =
      HTMLPage.brand(root: "../") + "<span class=\"crumb\"><a href=\"../index.html\">"
      + packageName.htmlEscaped + "</a><span class=\"sep\">/</span>\(path)</span>"
    var body = "<section class=\"file-head\">\n<h1 class=\"path\">\(headline())</h1>\n"
    body += "<p class=\"meta\">Target <b>\(file.target.htmlEscaped)</b> · layer "
    body += "<b>\(file.layer.htmlEscaped)</b> <span class=\"badge \(gated ? "gated" : "ungated")\">"
    body += "\(gated ? "gated" : "not gated")</span></p>\n"
    body += exclusionNotes()
    body +=
      HTMLPage.cards(
        file.summary, rules: rules, regions: capabilities.regions, part: !failedAlone)
      + lineTotalNote()
      + "</section>\n"
    let document = HTMLPage.documentEnds(
      title: "\(path) · \(packageName.htmlEscaped) coverage", root: "../", kind: "file",
      header: header, heading: heading, capabilities: capabilities)
    let highlighted = source.map(HighlightedSource.init)
    // Room for the whole page at once (about 150 bytes of markup a line, 400 a function).
    var page = HTMLBytes(
      capacity: (highlighted.map { $0.byteCount * 2 + $0.lineCount * 150 } ?? 0)
        + file.coverage.functions.count * 400 + 32_768)
    page.append(string: document.start)
    page.append(string: body)
    appendFunctionsSection(to: &page)
    appendSourceSection(highlighted, to: &page)
    page.append(string: document.end)
    return page.owned()
  }

  /// The folder muted, the file name plain.
  private func headline() -> String {
    guard let slash = file.path[...].lastIndex(ofByte: UInt8(ascii: "/")) else {
      return file.path.htmlEscaped
    }
    let folder = String(file.path[...slash])
    let name = String(file.path[file.path.index(after: slash)...])
    return "<span class=\"dir\">\(folder.htmlEscaped)</span>\(name.htmlEscaped)"
  }

  private func appendFunctionsSection(to page: inout HTMLBytes) {
    let functions = file.coverage.functions
    var html = "<section aria-labelledby=\"functions-title\">\n"
    html +=
      "<h2 id=\"functions-title\">Functions <span class=\"count\">\(functions.count)</span></h2>\n"
    guard !functions.isEmpty else {
      let reason =
        file.summary.functions.count == 0
        ? "This file has no functions." : "The export was read without function records."
      return page.append(string: html + "<p class=\"muted\">\(reason)</p>\n</section>\n")
    }
    let neverRan = functions.count { $0.count == 0 }
    let open = functions.count <= Self.openFunctionLimit ? " open" : ""
    html +=
      "<details class=\"functions\"\(open)><summary>\(neverRan) of \(functions.count) never ran"
    html += "</summary>\n"
    html +=
      "<div class=\"scroll\"><table class=\"functions sortable\" id=\"functions\">\n<thead><tr>"
    html += HTMLPage.sortableHeader("Function", key: "name", type: "text")
    html += HTMLPage.sortableHeader("Line", key: "line", type: "number", className: "num")
    html += HTMLPage.sortableHeader("Count", key: "count", type: "number", className: "num")
    if testsByFunction != nil {
      html += HTMLPage.sortableHeader("Tests", key: "tests", type: "number", className: "num")
    }
    html += "</tr></thead>\n<tbody>\n"
    // A row per function, built as bytes: a large file has hundreds. The name and line sort by
    // their text (only the count, abbreviated, needs a `data-sort`); attribute values without
    // spaces go unquoted, and the end tags a parser infers are left out.
    page.append(string: html)
    let (rows, closures) = Self.foldingClosures(functions)
    for row in rows {
      let function = functions[row]
      page.append(function.count == 0 ? "<tr class=uncovered>" : "<tr>")
      page.append("<td class=fn title=\"")
      HTMLEscaping.append(escaping: function.name.utf8, to: &page)
      page.append("\"><a href=#L")
      let lineStart = page.count
      page.appendDecimal(UInt64(max(0, function.line)))
      let lineLength = page.count - lineStart
      page.append(">")
      HTMLEscaping.append(escaping: function.displayName.utf8, to: &page)
      page.append("</a>")
      if let nested = closures[row] {
        Self.appendClosureList(nested.map { functions[$0] }, in: function, to: &page)
      }
      page.append("<td class=num>")
      page.appendCopy(from: lineStart, length: lineLength)
      page.append("<td class=num data-sort=")
      page.appendDecimal(function.count)
      // The exact count: a table has room for it (the source's column abbreviates).
      page.append(function.count == 0 ? "><span class=\"hits zero\">" : "><span class=hits>")
      page.appendDecimal(function.count)
      page.append("</span>")
      if let testsByFunction {
        page.append(string: testsCell(testsByFunction[function.name] ?? []))
      }
      page.append("\n")
    }
    page.append("</tbody>\n</table></div>\n</details>\n</section>\n")
  }

  /// The rows of the functions table (indexes into `functions`, which are sorted by place), and
  /// per row the closures folded under it: a closure (`closure #2 in implicit closure #1 in
  /// Store.save()`) goes under the nearest function before it with the name it is in (of
  /// overloads with one name, the one holding it); otherwise it keeps a row of its own.
  static func foldingClosures(_ functions: [FunctionCoverage]) -> (
    rows: [Int], closures: [Int: [Int]]
  ) {
    let enclosingNames = functions.map { enclosingName($0.displayName) }
    guard enclosingNames.contains(where: { $0 != nil }) else {
      return (Array(functions.indices), [:])
    }
    var rows: [Int] = []
    var closures: [Int: [Int]] = [:]
    for index in functions.indices {
      guard let enclosing = enclosingNames[index] else {
        rows.append(index)
        continue
      }
      let parent = rows.last { enclosingNames[$0] == nil && functions[$0].displayName == enclosing }
      if let parent {
        closures[parent, default: []].append(index)
      } else {
        rows.append(index)
      }
    }
    return (rows, closures)
  }

  /// The outermost function a closure's name says it is in, or nil for a name that is no closure.
  /// Read as bytes in one pass: a large file has thousands of functions, and the standard
  /// library's generic substring search costs microseconds a call.
  static func enclosingName(_ name: String) -> String? {
    var name = name
    return name.withUTF8 { bytes -> String? in
      func matches(_ text: [UInt8], at offset: Int) -> Bool {
        offset + text.count <= bytes.count
          && (0..<text.count).allSatisfy { bytes[offset + $0] == text[$0] }
      }
      var start = 0
      while matches(closurePrefix, at: start) || matches(implicitClosurePrefix, at: start),
        let separator = (start..<bytes.count).first(where: { matches(inSeparator, at: $0) })
      {
        start = separator + inSeparator.count
      }
      return start == 0
        ? nil : String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self)
    }
  }

  private static let closurePrefix = Array("closure #".utf8)
  private static let implicitClosurePrefix = Array("implicit closure #".utf8)
  private static let inSeparator = Array(" in ".utf8)

  /// The closures of `function` folded under it: each by its own part of the name (without
  /// " in " and the function's name), linked to its line, with its exact count (written as bytes,
  /// as the rows are: a large file folds hundreds).
  static func appendClosureList(
    _ closures: [FunctionCoverage], in function: FunctionCoverage, to page: inout HTMLBytes
  ) {
    let outer = function.displayName.utf8.count + inSeparator.count
    page.append("<details class=closures><summary>")
    page.appendDecimal(UInt64(closures.count))
    page.append(closures.count == 1 ? " closure" : " closures")
    let neverRan = closures.count { $0.count == 0 }
    if neverRan > 0 {
      page.append(", ")
      page.appendDecimal(UInt64(neverRan))
      page.append(" never ran")
    }
    page.append("</summary><ul>")
    for closure in closures {
      let line = UInt64(max(0, closure.line))
      page.append(closure.count == 0 ? "<li class=uncovered><a href=#L" : "<li><a href=#L")
      page.appendDecimal(line)
      page.append(">")
      HTMLEscaping.append(escaping: closure.displayName.utf8.dropLast(outer), to: &page)
      page.append("</a> line ")
      page.appendDecimal(line)
      page.append(", ran ")
      page.appendDecimal(closure.count)
      page.append(closure.count == 1 ? " time</li>" : " times</li>")
    }
    page.append("</ul></details>")
  }

  /// How many tests ran a function, unfolding to their IDs.
  private func testsCell(_ tests: [String]) -> String {
    guard !tests.isEmpty else { return "<td class=num data-sort=0>0" }
    var html =
      "<td class=\"num tests\" data-sort=\"\(tests.count)\"><details><summary>\(tests.count)</summary><ul>"
    for test in tests { html += "<li>\(test.htmlEscaped)</li>" }
    return html + "</ul></details>"
  }

  /// Why llvm-cov's line figure and the lines with a count on this page differ, when they do:
  /// llvm-cov adds up each function's lines, so a line inside two functions (a closure and the
  /// function around it, accessors on one line) counts once for each.
  func lineTotalNote() -> String {
    guard let view = file.coverage.lineView, capabilities.linesCountedPerFunction else { return "" }
    let shown = view.metric
    let figure = file.summary.lines
    guard shown != figure, shown.count > 0 else { return "" }
    let (ran, never) = (shown.covered, shown.count - shown.covered)
    return """
      <p class="muted line-totals">llvm-cov's figure counts \(figure.count) lines, \(figure.count - figure.covered) \
      of them never run; the source below shows \(shown.count) lines with a count (\(ran) ran, \(never) never \
      ran). llvm-cov adds up the lines of each function, so a line inside two functions (a closure and \
      the function around it, or accessors on one line) counts once for each.</p>

      """
  }

  private func exclusionNotes() -> String {
    guard !exclusions.isEmpty else { return "" }
    var html = "<ul class=\"notice exclusions\">\n"
    for exclusion in exclusions {
      let lines = exclusion.wholeFile ? "The whole file" : "Lines \(exclusion.linesDescription)"
      html += "<li>\(lines) left out of the figures by a marker: \(exclusion.reason.htmlEscaped)"
      html += exclusion.ranAnyway ? " <span class=\"badge warning\">ran anyway</span>" : ""
      html += "</li>\n"
    }
    return html + "</ul>\n"
  }

}
