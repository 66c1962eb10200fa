import CoverageModel
import CovgateSupport

extension IndexPage {
  /// Every kept file, per layer, then per target, then by path; sortable and filterable by the
  /// shared script.
  func filesSection() -> String {
    let gated = Set(report.layers.filter(\.gated).map(\.name))
    let failedAlone = report.filesFailedAlone
    let layers = Dictionary(
      report.layers.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var html = "<section aria-labelledby=\"files-title\">\n<div class=\"section-head\">"
    // Hidden until the script runs: without JavaScript the filter would do nothing.
    html += "<h2 id=\"files-title\">Files</h2><div class=\"filter\" hidden>"
    html +=
      "<input type=\"search\" id=\"filter\" placeholder=\"Filter by path, target or layer  ( / )\" "
    html += "aria-label=\"Filter files\" autocomplete=\"off\" spellcheck=\"false\">"
    html +=
      "<label class=\"muted\"><input type=\"checkbox\" id=\"hide-covered\"> Hide fully covered</label>"
    html +=
      "<span id=\"filter-count\" class=\"muted\">\(report.files.count) file\(report.files.count == 1 ? "" : "s")</span></div></div>\n"
    html +=
      "<div class=\"scroll\"><table class=\"files sortable\" id=\"files\" data-state=\"hash\">\n<thead><tr>"
    html += HTMLPage.sortableHeader("File", key: "file", type: "text")
    html += HTMLPage.sortableHeader("Target", key: "target", type: "text")
    html += HTMLPage.sortableHeader("Layer", key: "layer", type: "text")
    html += HTMLPage.sortableHeader("Lines", key: "lines", type: "number")
    html += HTMLPage.sortableHeader("Functions", key: "functions", type: "number")
    if report.capabilities.regions {
      html += HTMLPage.sortableHeader("Regions", key: "regions", type: "number")
    }
    html += HTMLPage.sortableHeader("Missed lines", key: "missed", type: "number", className: "num")
    html += "</tr></thead>\n<tbody>\n"
    for file in orderedFiles() {
      let isGated = gated.contains(file.layer)
      html += isGated ? "<tr" : "<tr class=\"ungated\""
      html += Self.isFullyCovered(file.summary) ? " data-full=\"1\">" : ">"
      html += "<td class=\"path\" data-sort=\"\(file.path.htmlEscaped)\">"
      if let page = pageNames.relativePath(of: file.path) {
        html += "<a href=\"\(page.htmlEscaped)\">\(displayPath(file.path))</a>"
      } else {
        html += displayPath(file.path)
      }
      html += "</td><td>\(file.target.htmlEscaped)</td>"
      html += "<td class=\"layer-cell\"><span class=\"dot \(isGated ? "gated" : "ungated")\" "
      html += "title=\"\(isGated ? "gated" : "not gated")\"></span>\(file.layer.htmlEscaped)</td>"
      html += HTMLPage.metricCells(
        file.summary, rules: HTMLPage.rules(of: layers[file.layer]),
        regions: report.capabilities.regions, part: !failedAlone.contains(file.path))
      let missed = file.summary.lines.missed
      html += "<td class=\"num\" data-sort=\"\(missed)\">\(missed)</td></tr>\n"
    }
    html += "</tbody>\n</table></div>\n"
    html +=
      "<p class=\"empty-filter muted\" id=\"filter-empty\" hidden>No file matches the filter.</p>\n"
    return html + "</section>\n"
  }

  /// Whether every metric with something to measure is at 100% (what "Hide fully covered" hides).
  static func isFullyCovered(_ summary: Summary) -> Bool {
    [summary.lines, summary.functions, summary.regions].allSatisfy { $0.covered == $0.count }
  }

  /// The default order: by layer; within a gated layer worst first (the lowest share of lines
  /// first, among equal shares the most lines missed, files with no lines last), elsewhere by
  /// target and path.
  /// (`layerOrder` with each file's layer looked up once, not at every comparison.)
  func orderedFiles() -> [ScopedFile] {
    let files = report.files
    let places = layerPlaces()
    let gated = Set(report.layers.filter(\.gated).map(\.name))
    let ranks = files.map { places[$0.layer] ?? Int.max }
    let inGatedLayer = files.map { gated.contains($0.layer) }
    // Fields compared where they are: a copy of a file per comparison retains all it holds.
    let order = files.indices.sorted { left, right in
      if ranks[left] != ranks[right] { return ranks[left] < ranks[right] }
      if files[left].layer != files[right].layer { return files[left].layer < files[right].layer }
      if inGatedLayer[left],
        let worse = Self.worseFirst(files[left].summary.lines, files[right].summary.lines)
      {
        return worse
      }
      if inGatedLayer[left] {
        let missed = (files[left].summary.lines.missed, files[right].summary.lines.missed)
        if missed.0 != missed.1 { return missed.0 > missed.1 }
      }
      return (files[left].target, files[left].path) < (files[right].target, files[right].path)
    }
    return order.map { files[$0] }
  }

  /// Each layer's place in the report (its first, if named twice).
  func layerPlaces() -> [String: Int] {
    var places: [String: Int] = [:]
    for (index, layer) in report.layers.enumerated() where places[layer.name] == nil {
      places[layer.name] = index
    }
    return places
  }

  /// Compares two rows by their layer's place in the report, then, within a gated layer, worst
  /// first by lines; nil when that does not decide.
  func layerOrder() -> ((layer: String, lines: Metric), (layer: String, lines: Metric)) -> Bool? {
    let layerIndex = layerPlaces()
    let gated = Set(report.layers.filter(\.gated).map(\.name))
    return { lhs, rhs in
      let left = layerIndex[lhs.layer] ?? Int.max
      let right = layerIndex[rhs.layer] ?? Int.max
      if left != right { return left < right }
      if lhs.layer != rhs.layer { return lhs.layer < rhs.layer }
      return gated.contains(lhs.layer) ? Self.worseFirst(lhs.lines, rhs.lines) : nil
    }
  }

  /// Whether `lhs` comes first by its share (lower first; nothing to measure last), or nil on a tie.
  static func worseFirst(_ lhs: Metric, _ rhs: Metric) -> Bool? {
    switch (lhs.count > 0, rhs.count > 0) {
    case (false, false): return nil
    case (true, false): return true
    case (false, true): return false
    case (true, true):
      let left = lhs.covered * rhs.count
      let right = rhs.covered * lhs.count
      return left == right ? nil : left < right
    }
  }

  /// The folder muted and the file name bold, both escaped; lines may break after a `/`.
  func displayPath(_ path: String) -> String {
    var path = path
    return path.withUTF8 { bytes in
      var html = HTMLBytes(capacity: bytes.count * 2 + 48)
      var start = 0
      if bytes.contains(UInt8(ascii: "/")) {
        html.append("<span class=\"dir\">")
        for index in bytes.indices where bytes[index] == UInt8(ascii: "/") {
          let folder = UnsafeBufferPointer(rebasing: bytes[start..<index])
          HTMLEscaping.append(escaping: folder, to: &html)
          html.append("/<wbr>")
          start = index + 1
        }
        html.append("</span>")
      }
      html.append("<b>")
      HTMLEscaping.append(escaping: UnsafeBufferPointer(rebasing: bytes[start...]), to: &html)
      html.append("</b>")
      return html.text()
    }
  }

  /// In-scope targets with no data at all, with covgate's reason.
  func targetsWithoutDataSection() -> String {
    guard !report.targetsWithoutData.isEmpty else { return "" }
    var html = "<section aria-labelledby=\"nodata-title\">\n"
    html += "<h2 id=\"nodata-title\">Targets without coverage data</h2>\n"
    html +=
      "<div class=\"scroll\"><table class=\"plain\">\n<thead><tr><th>Target</th><th>Layer</th>"
    html += "<th>Folder</th><th class=\"num\">Files</th><th class=\"num\">Lines</th><th>Reason</th>"
    html += "</tr></thead>\n<tbody>\n"
    for target in report.targetsWithoutData {
      html += "<tr><td><b>\(target.name.htmlEscaped)</b></td><td>\(target.layer.htmlEscaped)</td>"
      html += "<td><code>\(target.path.htmlEscaped)</code></td>"
      html +=
        "<td class=\"num\">\(target.sourceFiles)</td><td class=\"num\">\(target.sourceLines)</td>"
      html += "<td>\(target.reason.htmlEscaped)</td></tr>\n"
    }
    return html + "</tbody>\n</table></div>\n</section>\n"
  }

  /// Files in the data that the figures leave out, folded away: there can be many.
  func excludedFilesSection() -> String {
    guard !report.excludedFiles.isEmpty else { return "" }
    let count = report.excludedFiles.count
    var html = "<section aria-labelledby=\"excluded-title\">\n"
    html += "<h2 id=\"excluded-title\">Excluded files</h2>\n<details class=\"excluded\">"
    html +=
      "<summary>\(count) file\(count == 1 ? "" : "s") in the data, left out of the figures</summary>\n"
    html += "<div class=\"scroll\"><table class=\"plain\">\n<thead><tr><th>Path</th><th>Reason</th>"
    html += "</tr></thead>\n<tbody>\n"
    for file in report.excludedFiles {
      html +=
        "<tr><td><code>\(file.path.htmlEscaped)</code></td><td>\(file.reason.htmlEscaped)</td></tr>\n"
    }
    return html + "</tbody>\n</table></div>\n</details>\n</section>\n"
  }
}
