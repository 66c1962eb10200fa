import CoverageModel
import XCTest

@testable import CoverageReports

/// `changes.html`: each changed file with its patch coverage and its changed lines in context.
final class ChangesPageTests: XCTestCase {
  private func report() -> CoverageReport {
    var report = HTMLSample.report
    report.patch = HTMLSample.patch
    return report
  }

  func testChangedLinesShowWithContextColouredByWhetherTheyRan() throws {
    let files = HTMLSample.render(report())
    let page = try XCTUnwrap(files["changes.html"])
    let rows = Pattern.captures(
      #"<tr class="([a-z ]+)"><td><a href="[^"]*#L(\d+)""#, in: page)

    // Lines 1-11 (4, 5 and 9 changed, three lines of context, the runs merged: 1...11 of 11).
    XCTAssertEqual(
      Pattern.captures(#"#L(\d+)">\d+</a></td>"#, in: page), (1...11).map(String.init))
    XCTAssertTrue(page.contains("<tr class=\"changed covered\"><td><a href=\"files/"))
    XCTAssertTrue(page.contains("<tr class=\"changed uncovered\">"), "line 9 never ran")
    XCTAssertEqual(Pattern.count("class=\"changed", in: page), 3)
    XCTAssertEqual(Pattern.count("<tr class=\"context\">", in: page), 8)
    XCTAssertTrue(page.contains("<code>Package.swift</code>: not in a measured target"))
    XCTAssertTrue(page.contains("2 of 3 executable changed lines ran, in 1 file."))
    XCTAssertFalse(rows.isEmpty || page.contains("<script>"))
    XCTAssertTrue(
      try XCTUnwrap(files["index.html"]).contains(
        "<a href=\"changes.html\">See them with their context</a>"))
  }

  func testNoChangesPageWithoutABase() {
    XCTAssertNil(HTMLSample.render(HTMLSample.report)["changes.html"])
  }

  func testHunksWidenByThreeLinesAndMergeWhenTheyMeet() {
    XCTAssertEqual(ChangesPage.hunks(changed: [10], lineCount: 100), [7...13])
    XCTAssertEqual(
      ChangesPage.hunks(changed: [10, 17], lineCount: 100), [7...20], "13 and 14 touch")
    XCTAssertEqual(ChangesPage.hunks(changed: [10, 18], lineCount: 100), [7...13, 15...21])
    XCTAssertEqual(ChangesPage.hunks(changed: [1, 100], lineCount: 100), [1...4, 97...100])
    XCTAssertEqual(
      ChangesPage.hunks(changed: [5, 500], lineCount: 6), [2...6], "lines past the end dropped")
    XCTAssertEqual(ChangesPage.hunks(changed: [1], lineCount: 0), [])
  }
}
