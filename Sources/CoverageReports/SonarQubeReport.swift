import CoverageModel

/// `sonarqube.xml`: SonarQube's generic test coverage format (`sonar.coverageReportPaths`).
///
/// One `<file>` per kept file (path relative to the package root, which is where the scanner
/// runs), one `<lineToCover>` per executable line of the line view, `covered` when it ran.
/// Swift has no branch data, so no branch attributes are written.
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
        for (index, count) in view.rawCounts.enumerated() where count != LineView.unmapped {
          out += "    <lineToCover lineNumber=\"\(index + 1)\" covered=\"\(count > 0)\"/>\n"
        }
      }
      out += "  </file>\n"
    }
    out += "</coverage>\n"
    return out
  }
}
