import CoverageModel
import XCTest

@testable import CoverageReports

final class MarkdownReportTests: XCTestCase {
  private func markdown(_ report: CoverageReport = SampleReport.report) -> String {
    MarkdownReport().markdown(report)
  }

  func testTitleAndRevisionFollowTheFirstHeading() {
    let text = MarkdownReport(
      heading: ReportHeading(title: "Nightly *build*", revision: "0123`abc")
    )
    .markdown(SampleReport.report)
    let lines = text.components(separatedBy: "\n")

    XCTAssertEqual(lines[0], "### covgate: Demo: gate FAILED")
    XCTAssertEqual(lines[2], "**Nightly \\*build\\*** · revision `0123'abc`")
    XCTAssertEqual(
      MarkdownReport(heading: ReportHeading()).markdown(SampleReport.report), markdown())
  }

  func testMatchesGolden() throws {
    try Golden.assertMatches(markdown(), "covgate.md")
  }

  func testRenderGivesOneFile() {
    let files = MarkdownReport().render(SampleReport.report)
    XCTAssertEqual(files.map(\.path), ["covgate.md"])
    XCTAssertEqual(files.first?.contents, markdown())
  }

  func testFirstLineSaysWhetherTheGatePassedInAWord() {
    var report = SampleReport.report
    XCTAssertTrue(markdown(report).hasPrefix("### covgate: Demo: gate FAILED\n"))
    report.gate = GateResult(verdicts: [SampleReport.verdicts[0]])
    let passed = markdown(report)
    XCTAssertTrue(passed.hasPrefix("### covgate: Demo: gate PASSED\n"))
    XCTAssertTrue(passed.contains("\nNo failures or warnings (1 rules checked).\n"), passed)
    XCTAssertFalse(passed.contains("**Failed"))
  }

  func testFailedTestsAreSaid() {
    var report = SampleReport.report
    report.tests = TestOutcome(passed: false, exitCode: 1)
    XCTAssertTrue(
      markdown(report).hasPrefix(
        "### covgate: Demo: tests FAILED, gate FAILED\n\nThe tests ended with exit code 1;"),
      markdown(report))
  }

  func testNoVerdictsSaysNoThresholds() {
    var report = SampleReport.report
    report.gate = GateResult(verdicts: [])
    XCTAssertTrue(markdown(report).contains("\nNo thresholds configured.\n"))
  }

  func testLayerTableHasOneRowPerLayerAndTheTotal() {
    let rows = markdown().split(separator: "\n").filter { $0.hasPrefix("| ") }
    XCTAssertEqual(
      Array(rows.prefix(4)),
      [
        "| Layer | Gated | Lines | Functions | Regions |",
        "| logic | yes | 63.33% (190/300) | 77.27% (34/44) | 61.33% (92/150) |",
        "| ui-glue | no | 0.00% (0/30) | 0.00% (0/4) | 0.00% (0/8) |",
        "| **TOTAL** |  | 57.57% (190/330) | 70.83% (34/48) | 58.22% (92/158) |",
      ])
  }

  func testEmptyMetricsAreNotApplicable() {
    var report = SampleReport.report
    report.layers[1].totals = .zero
    XCTAssertTrue(markdown(report).contains("| ui-glue | no | n/a | n/a | n/a |"))
  }

  func testDataCannotInjectMarkupOrBreakTheTable() {
    var report = SampleReport.report
    let path = "Sources/Parser/<img src=x onerror=alert(1)>|`x`|[a](http://e)_*~$.swift"
    report.files[3].path = path
    report.gate.verdicts[2].message = "# \(path)\nnext line"
    report.layers[1].name = "ui | `pwn` <b>"
    let text = markdown(report)
    XCTAssertEqual(unescaped(in: text, of: "<"), 0, text)
    XCTAssertEqual(unescaped(in: text, of: "["), 0, text)
    let escapedPath =
      "Sources/Parser/\\<img src=x onerror=alert(1)\\>\\|\\`x\\`\\|\\[a\\](http://e)\\_\\*\\~\\$.swift"
    XCTAssertTrue(text.contains("| 40.00% | 60 of 100 | \(escapedPath) |"), text)
    XCTAssertTrue(text.contains("\n- \\# \(escapedPath) next line\n"), text)
    XCTAssertTrue(text.contains("| ui \\| \\`pwn\\` \\<b\\> | no |"), text)
    // Every table row still has its columns: no unescaped pipe came from the data.
    for row in text.split(separator: "\n") where row.hasPrefix("|") {
      let cells = row.replacingOccurrences(of: "\\|", with: "").filter { $0 == "|" }.count
      XCTAssertTrue(cells == 6 || cells == 4, String(row))
    }
  }

  /// How many times `character` appears without a backslash before it.
  private func unescaped(in text: String, of character: Character) -> Int {
    var count = 0
    var previous: Character = " "
    for current in text {
      if current == character && previous != "\\" { count += 1 }
      previous = current == "\\" && previous == "\\" ? " " : current
    }
    return count
  }

  func testBlockMarkersAtTheStartAreEscaped() {
    XCTAssertEqual(MarkdownEscape.text("1. item"), "1\\. item")
    XCTAssertEqual(MarkdownEscape.text("12) item"), "12\\) item")
    XCTAssertEqual(MarkdownEscape.text("v1. x"), "v1. x")
    XCTAssertEqual(MarkdownEscape.text("- a-b"), "\\- a-b")
    XCTAssertEqual(MarkdownEscape.text("  + x"), "  \\+ x")
    XCTAssertEqual(MarkdownEscape.text("a\r\nb"), "a b")
  }

  func testPatchCoverageIsShownWhenMeasured() {
    var report = SampleReport.report
    report.patch = PatchCoverage(
      base: "origin/main_*", baseCommit: "0123456789abcdef", lines: Metric(covered: 8, count: 10),
      files: [], unmeasured: [])
    XCTAssertTrue(
      markdown(report).contains(
        "\nPatch coverage since origin/main\\_\\*: 80.00% (8/10) of changed executable lines.\n"))
  }

  func testNoEmoji() {
    XCTAssertTrue(markdown().unicodeScalars.allSatisfy { $0.isASCII })
  }
}
