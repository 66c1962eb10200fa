import CoverageModel

/// `cobertura.xml`: the Cobertura XML that GitLab's coverage visualisation, Jenkins,
/// `pycobertura` and `diff-cover` read, valid against Cobertura's `coverage-04.dtd`.
///
/// Packages are targets, sorted by name (a target without data is an empty package), classes
/// are files (`filename` relative to the package root, which is the one `<source>`), lines are
/// the line view's executable lines with their counts, methods are the file's functions. Rates
/// and line totals come from the same line view as the `<line>` elements, so every reader agrees
/// with itself whether it reads the attributes or recounts the lines (`pycobertura`,
/// diff-cover, GitLab); they can sit below covgate's summary figures, which count a line shared
/// by a closure and its function once per function (as `llvm-cov report` does). Rates are
/// `covered / count` truncated to four decimals, `0` when there is nothing to measure. Branches
/// are covgate's derived ones (Swift emits none): `branch-rate` and `branches-*` from the
/// outcomes, a line holding decisions gets `branch="true"` and `condition-coverage` over its
/// outcomes. Complexity is `0`. No timestamp (`0`): deterministic.
public struct CoberturaReport: ReportRenderer {
  public static let fileName = "cobertura.xml"

  public init() {}

  public func render(_ report: CoverageReport) -> [RenderedFile] {
    [RenderedFile(path: Self.fileName, contents: xml(report))]
  }

  /// The whole document.
  public func xml(_ report: CoverageReport) -> String {
    var out = XMLEscape.declaration
    out += "<!-- Cobertura coverage-04.dtd, written by covgate -->\n"
    let lines = report.files.map(Self.viewLines).reduce(Metric.zero, +)
    let branches = report.files.map(\.summary.branches).reduce(Metric.zero, +)
    out +=
      "<coverage line-rate=\"\(Self.rate(lines))\" branch-rate=\"\(Self.rate(branches))\""
      + " lines-covered=\"\(lines.covered)\" lines-valid=\"\(lines.count)\""
      + " branches-covered=\"\(branches.covered)\" branches-valid=\"\(branches.count)\" complexity=\"0\""
      + " version=\"covgate\" timestamp=\"0\">\n"
    out += "  <sources>\n    <source>\(XMLEscape.text(report.packageRoot))</source>\n  </sources>\n"
    out += "  <packages>\n"
    for package in packages(report) {
      out +=
        "    <package name=\"\(XMLEscape.attribute(package.name))\" line-rate=\"\(Self.rate(package.lines))\""
        + " branch-rate=\"\(Self.rate(package.files.map(\.summary.branches).reduce(Metric.zero, +)))\""
        + " complexity=\"0\">\n"
      out += "      <classes>\n"
      for file in package.files { out += fileClass(file) }
      out += "      </classes>\n    </package>\n"
    }
    out += "  </packages>\n</coverage>\n"
    return out
  }

  private func fileClass(_ file: ScopedFile) -> String {
    let path = XMLEscape.attribute(file.path)
    var out =
      "        <class name=\"\(path)\" filename=\"\(path)\" line-rate=\"\(Self.rate(Self.viewLines(file)))\""
      + " branch-rate=\"\(Self.rate(file.summary.branches))\" complexity=\"0\">\n"
    out += "          <methods>\n"
    for function in file.coverage.functions {
      out +=
        "            <method name=\"\(XMLEscape.attribute(function.displayName))\" signature=\"\""
        + " line-rate=\"\(function.count > 0 ? "1" : "0")\" branch-rate=\"0\" complexity=\"0\">\n"
        + "              <lines>\n"
        + "                <line number=\"\(function.line)\" hits=\"\(function.count)\"/>\n"
        + "              </lines>\n"
        + "            </method>\n"
    }
    out += "          </methods>\n"
    out += "          <lines>\n"
    if let view = file.coverage.lineView {
      let branches = file.coverage.branchMetricByLine
      for (index, count) in view.rawCounts.enumerated() where count != LineView.unmapped {
        out += "            <line number=\"\(index + 1)\" hits=\"\(count)\""
        if let metric = branches[index + 1] {
          let percent = metric.covered * 100 / metric.count
          out +=
            " branch=\"true\" condition-coverage=\"\(percent)% (\(metric.covered)/\(metric.count))\""
        }
        out += "/>\n"
      }
    }
    out += "          </lines>\n"
    out += "        </class>\n"
    return out
  }

  private struct Package {
    var name: String
    var lines: Metric
    var files: [ScopedFile]
  }

  /// Targets with their files, sorted by name; targets without data are empty packages.
  private func packages(_ report: CoverageReport) -> [Package] {
    let filesByTarget = Dictionary(grouping: report.files, by: \.target)
    var packages = report.layers.flatMap(\.targets).map { target in
      Package(
        name: target.name,
        lines: (filesByTarget[target.name] ?? []).map(Self.viewLines).reduce(Metric.zero, +),
        files: (filesByTarget[target.name] ?? []).sorted { $0.path < $1.path })
    }
    let named = Set(packages.map(\.name))
    packages += report.targetsWithoutData.filter { !named.contains($0.name) }.map {
      Package(name: $0.name, lines: .zero, files: [])
    }
    return packages.sorted { $0.name < $1.name }
  }

  /// The executable lines of the file's line view and how many ran (its summary without a view).
  static func viewLines(_ file: ScopedFile) -> Metric {
    file.coverage.lineView?.metric ?? file.summary.lines
  }

  /// `covered / count` truncated to four decimals without a needless fraction: `0.5757`,
  /// `0.8`, `1`; `0` when there is nothing to measure.
  static func rate(_ metric: Metric) -> String {
    guard let hundredths = metric.truncatedHundredths else { return "0" }
    if hundredths >= 10_000 { return "1" }
    if hundredths == 0 { return "0" }
    var digits = String(hundredths)
    digits = String(repeating: "0", count: 4 - digits.count) + digits
    while digits.last == "0" { digits.removeLast() }
    return "0." + digits
  }
}
