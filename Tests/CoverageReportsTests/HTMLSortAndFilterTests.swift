import CoverageModel
import Foundation
import XCTest

@testable import CoverageReports

/// The index's sorting and filtering and the file pages' sortable functions, in headless
/// Chromium: both follow the address bar, a folder's link keeps its own files, and the columns
/// stay where they were.
final class HTMLSortAndFilterTests: XCTestCase {
  private func drive(
    _ url: String, _ steps: [[String: String]], file: StaticString = #filePath, line: UInt = #line
  ) throws -> [Any] {
    try ExternalTool.drive(url, steps, file: file, line: line)
  }

  /// A fragment typed into the address bar sorts and filters without a reload.
  func testSortAndFilterFollowTheAddressBar() throws {
    let url = try writeSample().appendingPathComponent("index.html").absoluteString

    let results = try drive(
      url,
      [
        ["hash": "#sort=lines-desc&q=core"],
        ["eval": "document.getElementById('files').getAttribute('data-sorted')"],
        ["eval": "document.getElementById('filter').value"],
        ["eval": "document.getElementById('filter-count').textContent"],
        ["hash": "#sort=file-asc"],
        ["eval": "document.getElementById('files').getAttribute('data-sorted')"],
        ["eval": "document.getElementById('filter-count').textContent"],
      ])

    XCTAssertEqual(
      results as? [String], ["lines-desc", "core", "3 of 5 files", "file-asc", "5 files"])
  }

  /// "Hide fully covered" hides the files at 100% and is kept in the URL.
  func testHideFullyCoveredFilesFromTheCheckboxAndTheURL() throws {
    let index = try writeBlocks().appendingPathComponent("index.html").absoluteString
    let shown = Self.visibleFiles

    let clicked = try drive(
      index,
      [
        ["eval": shown], ["eval": "document.getElementById('hide-covered').click() || true"],
        ["eval": shown], ["eval": "location.hash"],
        ["eval": "document.getElementById('filter-count').textContent"],
      ])
    let linked = try drive(index + "#hide=covered", [["eval": shown]])

    let all = try XCTUnwrap(clicked[0] as? [String])
    XCTAssertEqual(all.count, 6)
    XCTAssertTrue(all.contains("Sources/Core/Done.swift"))
    XCTAssertEqual(clicked[2] as? [String], all.filter { $0 != "Sources/Core/Done.swift" })
    XCTAssertEqual(clicked[3] as? String, "#hide=covered")
    XCTAssertEqual(clicked[4] as? String, "5 of 6 files")
    XCTAssertEqual(linked[0] as? [String], clicked[2] as? [String])
  }

  /// A folder's link filters the file list to the folder's files.
  /// A folder's link shows the files directly in it, not those of its subfolders (a folder
  /// name with a space included), with the file list's heading below the pinned header.
  func testAFolderLinkFiltersTheFilesOfThatFolderOnly() throws {
    var report = SampleReport.report
    for path in ["Sources/Parser/Tokens/Token.swift", "Sources/Parser/My Dir/Spaced.swift"] {
      report.files.append(SampleReport.file(path, "Parser", "logic", SampleReport.lexer.summary))
    }
    let index = try write(HTMLReport(sources: StubSources()).render(report))
      .appendingPathComponent("index.html").absoluteString
    let shown = Self.visibleFiles
    func click(_ fragment: String) -> String {
      "document.querySelector('#folders a[href=\"#q=\(fragment)\"]').click() || true"
    }

    let results = try drive(
      index,
      [
        ["viewport": "1400x400"],
        ["eval": click("in%3ASources/Parser/")], ["eval": shown],
        ["eval": "document.getElementById('filter').value"],
        ["eval": "document.getElementById('files-title').getBoundingClientRect().top"],
        ["eval": "document.getElementById('filter-count').textContent"],
        ["eval": click("in%3ASources/Parser/My%20Dir/")], ["eval": shown],
      ])

    XCTAssertEqual(results[1] as? [String], ["Sources/Parser/Lexer.swift"])
    XCTAssertEqual(results[2] as? String, "in:Sources/Parser/")
    let top = try XCTUnwrap(results[3] as? Double)
    XCTAssertGreaterThanOrEqual(top, 48, "the heading sits below the 48 px pinned header")
    XCTAssertLessThan(top, 400, "the file list is in view")
    XCTAssertEqual(results[4] as? String, "1 of 6 files")
    XCTAssertEqual(results[6] as? [String], ["Sources/Parser/My Dir/Spaced.swift"])
  }

  /// A file page's functions sort by their name and line as shown (those cells carry no
  /// `data-sort`) and by their exact count (abbreviated in the cell), header by header.
  func testAFilePagesFunctionsSortByNameLineAndCount() throws {
    let file = try page(writeSample(), containing: "Greeter").absoluteString
    /// Clicks the header (ascending, then descending) and gives the functions' lines in order.
    func click(_ key: String) -> [String: String] {
      [
        "eval": """
        (() => { const button = document.querySelector('#functions th[data-key="\(key)"] button');
          button.click();
          return Array.from(document.querySelectorAll('#functions tbody tr'),
            row => row.cells[1].textContent).join(','); })()
        """
      ]
    }
    let orders = try drive(
      file,
      [
        click("name"), click("name"), click("line"), click("line"), click("count"),
        click("count"),
      ])
    // greet (line 3, run 1,500 times) and unused (line 8, never run): each header ascending,
    // then descending.
    XCTAssertEqual(orders as? [String], ["3,8", "8,3", "3,8", "8,3", "8,3", "3,8"])
  }

}
