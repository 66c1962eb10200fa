import CoverageModel

/// `sonarqube.xml`: SonarQube's generic test coverage format (`sonar.coverageReportPaths`).
///
/// One `<file>` per kept file (path relative to the package root, which is where the scanner
/// runs), one `<lineToCover>` per executable line of the line view, `covered` when it ran.
/// A line holding derived decisions gets `branchesToCover` and `coveredBranches` (its outcomes).
public struct SonarQubeReport: ReportRenderer {
  public static let fileName = "sonarqube.xml"

  public init() {}

  public func render(_ report: CoverageReport) -> [RenderedFile] {
    [RenderedFile(path: Self.fileName, contents: xml(report))]
  }

  /// The whole document.
  public func xml(_ report: CoverageReport) -> String {
    var out = XMLEscape.declaration + "<coverage version=\"1\">\n"
    for file in report.files {
      out += "  <file path=\"\(XMLEscape.attribute(file.path))\">\n"
      if let view = file.coverage.lineView {
        let branches = file.coverage.branchMetricByLine
        for (index, count) in view.rawCounts.enumerated() where count != LineView.unmapped {
          out += "    <lineToCover lineNumber=\"\(index + 1)\" covered=\"\(count > 0)\""
          if let metric = branches[index + 1] {
            out += " branchesToCover=\"\(metric.count)\" coveredBranches=\"\(metric.covered)\""
          }
          out += "/>\n"
        }
      }
      out += "  </file>\n"
    }
    out += "</coverage>\n"
    return out
  }
}
