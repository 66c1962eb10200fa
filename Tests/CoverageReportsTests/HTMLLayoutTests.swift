import Foundation
import XCTest

/// The HTML report's layout in a real browser (`ci/check_layout.py` in headless Chromium): at
/// 1,400 and 1,920 px no table is wider than its box, and on a 390 px phone no page is wider
/// than the screen: the index, the changes page and file pages with per-test lists, on a report
/// as wide as a large real package's.
final class HTMLLayoutTests: XCTestCase {
  private var checker: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("ci/check_layout.py").path
  }

  func testNoTableIsCutOffAndNoPageIsWiderThanAPhone() throws {
    let chromium = try ExternalTool.chromium()
    let site = try ExternalTool.writeSite(HTMLWideSample.render(), for: self)
    XCTAssertTrue(
      FileManager.default.fileExists(atPath: site.appendingPathComponent("changes.html").path))

    let run = ExternalTool.run(["python3", checker, chromium, site.path, "--pages", "2"])

    XCTAssertEqual(run.status, 0, run.output)
    XCTAssertTrue(
      run.output.contains("4 pages at 1400x900, 1920x1080, 390x844: 0 faults"), run.output)
  }

  /// On a phone the browser zooms out to fit a page wider than the screen, and `innerWidth`
  /// grows with it: the checker measures against the width it asked for, so it sees the page.
  func testTheCheckerFindsAPageWiderThanAPhone() throws {
    let chromium = try ExternalTool.chromium()
    let site = try ExternalTool.writeSite(HTMLWideSample.render(), for: self)
    let index = site.appendingPathComponent("index.html")
    let page = try String(contentsOf: index, encoding: .utf8).replacingOccurrences(
      of: "<main class=\"wrap\">",
      with: "<main class=\"wrap\"><p>" + String(repeating: "W", count: 60) + "</p>")
    try page.write(to: index, atomically: true, encoding: .utf8)

    let run = ExternalTool.run(["python3", checker, chromium, site.path, "--pages", "0"])

    XCTAssertEqual(run.status, 1, run.output)
    XCTAssertTrue(run.output.contains("index.html at 390x844: the page is"), run.output)
    XCTAssertFalse(run.output.contains("at 1400x900: the page"), run.output)
  }

  func testTheCheckerFindsATableCutOff() throws {
    let chromium = try ExternalTool.chromium()
    let site = try ExternalTool.writeSite(HTMLWideSample.render(), for: self)
    // A table that cannot shrink below a 500-letter word, as the report's tables could not before
    // their figures and names wrapped.
    let index = site.appendingPathComponent("index.html")
    let page = try String(contentsOf: index, encoding: .utf8).replacingOccurrences(
      of: "<th>Layer / target", with: "<th>" + String(repeating: "W", count: 500))
    try page.write(to: index, atomically: true, encoding: .utf8)

    let run = ExternalTool.run(["python3", checker, chromium, site.path, "--pages", "0"])

    XCTAssertEqual(run.status, 1, run.output)
    XCTAssertTrue(run.output.contains("index.html at 1400x900: table layers"), run.output)
  }
}
