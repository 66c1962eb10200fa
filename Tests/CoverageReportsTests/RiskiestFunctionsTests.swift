import CoverageModel
import XCTest

@testable import CoverageReports

/// The riskiest functions of gated layers in the text and Markdown reports.
final class RiskiestFunctionsTests: XCTestCase {
  /// `withBranches` with two risky functions in a gated file and one in the ui-glue layer.
  private var report: CoverageReport {
    var report = SampleReport.withBranches
    let gated = report.files.firstIndex { $0.layer == "logic" }!
    report.files[gated].coverage.risks = [
      FunctionRisk(
        name: "$s1a", displayName: "Engine.run()", line: 7, complexity: 6,
        regions: Metric(covered: 1, count: 4)),
      FunctionRisk(
        name: "$s1b", displayName: "Engine.stop()", line: 30, complexity: 2,
        regions: Metric(covered: 0, count: 2)),
    ]
    let glue = report.files.firstIndex { $0.layer == "ui-glue" }!
    report.files[glue].coverage.risks = [
      FunctionRisk(
        name: "$s1c", displayName: "main()", line: 1, complexity: 9,
        regions: Metric(covered: 0, count: 9))
    ]
    return report
  }

  func testTheTextReportListsThemRiskiestFirstWithTheirFigures() {
    let text = TextReport(useColor: false).text(report)
    let path = report.files.first { $0.layer == "logic" && !$0.coverage.risks.isEmpty }!.path
    let section = text.components(separatedBy: "Riskiest functions of gated layers")[1]
    let rows = section.split(separator: "\n").dropFirst().prefix(3).map(String.init)
    XCTAssertEqual(
      rows,
      [
        "  Risk  Complexity  Regions  Function",
        "  21.1           6   25.00%  \(path):7 Engine.run()",
        "   6.0           2    0.00%  \(path):30 Engine.stop()",
      ])
    XCTAssertFalse(text.contains("main()"), "ui-glue is not gated")
  }

  func testTheMarkdownReportHasTheSameTable() {
    let markdown = MarkdownReport().markdown(report)
    XCTAssertTrue(
      markdown.contains(
        "| Risk | Complexity | Regions | Function |\n|--:|--:|--:|:--|\n| 21.1 | 6 | 25.00% |"),
      markdown)
  }

  func testWithoutRisksThereIsNoSection() {
    XCTAssertFalse(TextReport(useColor: false).text(SampleReport.report).contains("Riskiest"))
    XCTAssertFalse(MarkdownReport().markdown(SampleReport.report).contains("Riskiest"))
  }
}
