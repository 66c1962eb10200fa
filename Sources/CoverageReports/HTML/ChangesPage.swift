import CoverageModel

/// `changes.html`, written with patch coverage (`--base`): every changed file with its patch
/// coverage, then its changed lines with a few lines of context, coloured by whether they ran,
/// as a pull request's reviewer would want to read them, from a static page or an artefact.
struct ChangesPage {
  static let fileName = "changes.html"
  /// Unchanged lines shown around each run of changed lines.
  static let context = 3

  let report: CoverageReport
  let patch: PatchCoverage
  let pageNames: FilePageNames
  let sources: any SourceProviding
  var heading = ReportHeading()

  func html() -> String {
    let package = report.packageName.htmlEscaped
    let header =
      HTMLPage.brand(root: "") + "<span class=\"crumb\"><a href=\"index.html\">\(package)</a>"
      + "<span class=\"sep\">/</span>changes</span>"
    let commit = String(patch.baseCommit.prefix(12)).htmlEscaped
    var body = """
      <section aria-labelledby="changes-title">
      <h1 id="changes-title">Changed lines</h1>
      <p class="patch-summary"><span>Since <code>\(patch.base.htmlEscaped)</code> (<code>\(commit)</code>):</span>\
      <span class="pct neutral">\(patch.lines.formattedPercent)</span>\(HTMLPage.bar(patch.lines, rule: nil))\
      <span>\(patch.lines.covered) of \(patch.lines.count) executable changed lines ran, in \
      \(patch.files.count) file\(patch.files.count == 1 ? "" : "s").</span></p>
      </section>

      """
    for file in patch.files {
      body += fileSection(file)
    }
    if !patch.unmeasured.isEmpty {
      body += "<section><h2>Changed but not measured</h2>\n<ul class=\"plain-list\">\n"
      for file in patch.unmeasured {
        body += "<li><code>\(file.path.htmlEscaped)</code>: \(file.reason.htmlEscaped)</li>\n"
      }
      body += "</ul></section>\n"
    }
    return HTMLPage.document(
      title: "Changed lines · \(package) coverage", root: "", kind: "changes", header: header,
      body: body, heading: heading, capabilities: report.capabilities)
  }

  private func fileSection(_ file: PatchFile) -> String {
    let path = file.path.htmlEscaped
    let page = pageNames.relativePath(of: file.path)
    let name = page.map { "<a href=\"\($0.htmlEscaped)\">\(path)</a>" } ?? path
    var html = "<section class=\"change\" aria-label=\"\(path)\">\n<h2 class=\"path\">\(name) "
    html += "<span class=\"pct neutral\">\(file.lines.formattedPercent)</span> "
    html += "<span class=\"muted\">\(file.lines.covered) of \(file.lines.count) ran</span></h2>\n"
    guard let source = sources.source(ofRelativePath: file.path) else {
      return html + "<p class=\"notice missing\">The source could not be read from the package.</p>"
        + "</section>\n"
    }
    let highlighted = HighlightedSource(source)
    let view = report.files.first { $0.path == file.path }?.coverage.lineView
    let changed = Set(file.changedLines)
    html += "<div class=\"scroll\"><table class=\"code\" aria-label=\"Changed lines of \(path)\">\n"
    html += "<thead class=\"sr-only\"><tr><th scope=\"col\">Line</th><th scope=\"col\">Hits</th>"
    html += "<th scope=\"col\">Source</th></tr></thead>\n"
    for (index, hunk) in Self.hunks(changed: file.changedLines, lineCount: highlighted.lineCount)
      .enumerated()
    {
      if index > 0 { html += "<tbody class=\"gap\"><tr><td colspan=\"3\">⋯</td></tr></tbody>\n" }
      html += "<tbody>\n"
      for number in hunk {
        let count = changed.contains(number) ? view?.count(line: number) : nil
        var classes = changed.contains(number) ? ["changed"] : ["context"]
        if let count { classes.append(count > 0 ? "covered" : "uncovered") }
        let link =
          page.map { "<a href=\"\($0.htmlEscaped)#L\(number)\">\(number)</a>" } ?? "\(number)"
        html += "<tr class=\"\(classes.joined(separator: " "))\"><td>\(link)</td>"
        html += "<td>\(count.map { CountFormat.abbreviated($0) } ?? "")</td><td>"
        html += highlighted.html(line: number - 1)
        html += "</td></tr>\n"
      }
      html += "</tbody>\n"
    }
    return html + "</table></div>\n</section>\n"
  }

  /// The changed lines that exist in the source, each run widened by `context` lines on both
  /// sides; runs that then touch or overlap are merged.
  static func hunks(changed: [Int], lineCount: Int) -> [ClosedRange<Int>] {
    guard lineCount > 0 else { return [] }
    var hunks: [ClosedRange<Int>] = []
    for run in lineRanges(changed.filter { (1...lineCount).contains($0) }) {
      let widened = max(1, run.lowerBound - context)...min(lineCount, run.upperBound + context)
      if let last = hunks.last, widened.lowerBound <= last.upperBound + 1 {
        hunks[hunks.count - 1] = last.lowerBound...max(last.upperBound, widened.upperBound)
      } else {
        hunks.append(widened)
      }
    }
    return hunks
  }
}
