import CoverageModel
import CovgateSupport

extension IndexPage {
  /// One folder of a target: its files' figures added up.
  struct FolderTotals: Equatable {
    var target: String
    var layer: String
    var folder: String
    var files: Int
    var summary: Summary
  }

  /// The folders of the kept files per target, worst first within each gated layer, with their
  /// totals; each links to the file list filtered to it. Only for packages with several folders.
  func foldersSection() -> String {
    let folders = Self.folders(of: report.files)
    guard folders.count > 1 else { return "" }
    let layers = Dictionary(
      report.layers.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var html = "<section aria-labelledby=\"folders-title\">\n<details class=\"folders\" open>"
    html +=
      "<summary><h2 id=\"folders-title\">Folders <span class=\"count\">\(folders.count)</span></h2></summary>\n"
    html += "<div class=\"scroll\"><table class=\"files sortable\" id=\"folders\">\n<thead><tr>"
    html += HTMLPage.sortableHeader("Folder", key: "folder", type: "text")
    html += HTMLPage.sortableHeader("Target", key: "target", type: "text")
    html += HTMLPage.sortableHeader("Files", key: "files", type: "number", className: "num")
    html += HTMLPage.sortableHeader("Lines", key: "lines", type: "number")
    html += HTMLPage.sortableHeader("Functions", key: "functions", type: "number")
    if report.capabilities.regions {
      html += HTMLPage.sortableHeader("Regions", key: "regions", type: "number")
    }
    html += "</tr></thead>\n<tbody>\n"
    for folder in orderedFolders(folders) {
      let gated = layers[folder.layer]?.gated ?? false
      let query = "q=" + Self.fragmentEscaped("in:" + folder.folder + "/")
      html += gated ? "<tr>" : "<tr class=\"ungated\">"
      html +=
        "<td class=\"folder path\" data-sort=\"\(folder.folder.htmlEscaped)\"><a href=\"#\(query.htmlEscaped)\">"
      html += "\(folder.folder.htmlEscaped)/</a></td><td>\(folder.target.htmlEscaped)</td>"
      html += "<td class=\"num\" data-sort=\"\(folder.files)\">\(folder.files)</td>"
      html += HTMLPage.metricCells(
        folder.summary, rules: HTMLPage.rules(of: layers[folder.layer]),
        regions: report.capabilities.regions, part: true)
      html += "</tr>\n"
    }
    return html + "</tbody>\n</table></div>\n</details>\n</section>\n"
  }

  /// Per target and folder (the file's directory), the files' figures added up, by target and folder.
  static func folders(of files: [ScopedFile]) -> [FolderTotals] {
    var byKey: [String: FolderTotals] = [:]
    for file in files {
      let slash = file.path[...].lastIndex(ofByte: UInt8(ascii: "/"))
      let folder = slash.map { String(file.path[..<$0]) } ?? ""
      let key = file.target + "\u{0}" + folder
      byKey[
        key,
        default: FolderTotals(
          target: file.target, layer: file.layer, folder: folder, files: 0, summary: .zero)
      ]
      .files += 1
      byKey[key]!.summary += file.summary
    }
    return byKey.values.sorted { ($0.target, $0.folder) < ($1.target, $1.folder) }
  }

  /// Layer by layer, worst first within a gated layer, as the files are.
  private func orderedFolders(_ folders: [FolderTotals]) -> [FolderTotals] {
    let order = layerOrder()
    return folders.sorted { lhs, rhs in
      order((lhs.layer, lhs.summary.lines), (rhs.layer, rhs.summary.lines))
        ?? ((lhs.target, lhs.folder) < (rhs.target, rhs.folder))
    }
  }

  /// A fragment value as the shared script reads it (`decodeURIComponent`).
  static func fragmentEscaped(_ text: String) -> String {
    text.addingPercentEncodingForFragment()
  }
}

extension String {
  /// Percent-encodes everything but unreserved characters and `/`.
  fileprivate func addingPercentEncodingForFragment() -> String {
    var result = ""
    for byte in utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
      }
    }
    return result
  }

  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(width - count, 0)) + self
  }
}
