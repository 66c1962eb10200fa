import CoverageModel
import Foundation
import XCTest

@testable import CoverageReports

/// Finding one's way in the HTML report, in headless Chromium: marks beside the colours, the
/// dark scheme's trend and tags, a linked line below the pinned headings, the keyboard's way to
/// a line.
final class HTMLNavigationTests: XCTestCase {
  private func site(_ report: CoverageReport = SampleReport.report) throws -> URL {
    try ExternalTool.writeSite(HTMLReport(sources: StubSources()).render(report), for: self)
  }

  private func filePage(in site: URL) throws -> URL {
    let files = try FileManager.default.contentsOfDirectory(
      atPath: site.appendingPathComponent("files").path)
    let name = try XCTUnwrap(files.sorted().first)
    return site.appendingPathComponent("files").appendingPathComponent(name)
  }

  /// Under a colour-blindness simulation red, amber and green look alike: figures below a
  /// minimum the gate judged carry a cross (Lexer.swift, whose file minimum failed), a part below
  /// its layer's minimum a hollow triangle (the Parser target), below a target a triangle, and
  /// each is read out.
  func testFiguresBelowARuleAreMarkedNotOnlyColoured() throws {
    let index = try site().appendingPathComponent("index.html").absoluteString
    func mark(_ selector: String) -> [String: String] {
      ["eval": "getComputedStyle(document.querySelector('\(selector)'), '::after').content"]
    }

    let results = try ExternalTool.drive(
      index,
      [
        mark("td.metric .pct.low:not(.part)"), mark("td.metric .pct.medium"),
        mark("td.metric .pct.high"), mark("td.metric .pct.low.part"),
      ])

    XCTAssertEqual(results[0] as? String, "\"\u{a0}✕\" / \" below the minimum\"")
    XCTAssertEqual(results[1] as? String, "\"\u{a0}△\" / \" below the target\"")
    XCTAssertEqual(results[2] as? String, "none")
    XCTAssertEqual(results[3] as? String, "\"\u{a0}▽\" / \" below its layer's minimum\"")
  }

  /// In the dark the trend's legend and axis texts take the light text colour (their own fill
  /// attributes had won over the stylesheet: 1.5:1), and the tags dark text on their colour.
  func testTheDarkSchemeKeepsTheTrendAndTheTagsReadable() throws {
    var report = SampleReport.report
    report.history = [70, 72].enumerated().map { index, covered in
      HistoryPoint(
        date: Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 86_400),
        commit: "abc\(index)", passed: true, lines: Metric(covered: covered, count: 100),
        layerLines: ["logic": Metric(covered: covered - 10, count: 100)])
    }
    let index = try site(report).appendingPathComponent("index.html").absoluteString
    let colour = { (selector: String, property: String) -> [String: String] in
      ["eval": "getComputedStyle(document.querySelector('\(selector)')).\(property)"]
    }

    let results = try ExternalTool.drive(
      index,
      [
        ["dark": "on"], colour(".trend-legend text", "fill"), colour(".trend-axis text", "fill"),
        colour("li.failed .tag", "color"), ["dark": "off"], colour(".trend-legend text", "fill"),
      ])

    XCTAssertEqual(results[0] as? String, "rgb(201, 209, 217)")
    XCTAssertEqual(results[1] as? String, "rgb(201, 209, 217)")
    XCTAssertEqual(results[2] as? String, "rgb(13, 17, 23)")
    XCTAssertEqual(
      results[3] as? String, "rgb(51, 51, 51)", "the light scheme keeps the chart's own")
  }

  /// A line linked from elsewhere (`#L120`) lands below the pinned header and source heading,
  /// however tall they are; on a phone nothing is pinned.
  func testALinkedLineLandsBelowThePinnedHeadings() throws {
    let site = try ExternalTool.writeSite(HTMLWideSample.render(), for: self)
    let page = try filePage(in: site).absoluteString + "#L120"
    let measure = """
      (() => { const pinned = [...document.querySelectorAll('header.top, .source-head')]
        .filter(e => getComputedStyle(e).position === 'sticky')
        .reduce((bottom, e) => Math.max(bottom, e.getBoundingClientRect().bottom), 0);
        return [Math.round(document.getElementById('L120').getBoundingClientRect().top - pinned),
                getComputedStyle(document.documentElement).getPropertyValue('--pinned')]; })()
      """

    let results = try ExternalTool.drive(
      page,
      [
        ["viewport": "1400x700"],
        ["eval": "document.getElementById('L120').scrollIntoView() || true"],
        ["eval": measure], ["viewport": "800x700"], ["hash": "#L5"], ["hash": "#L120"],
        ["eval": measure],
      ])

    for result in [results[1], results[2]] {
      let figures = try XCTUnwrap(result as? [Any])
      let gap = try XCTUnwrap(figures.first as? Int)
      XCTAssertGreaterThanOrEqual(gap, 0, "the line's top is below what is pinned: \(figures)")
      XCTAssertLessThan(gap, 40, "and right below it: \(figures)")
    }
  }

  /// The line numbers link lines for the mouse; the keyboard has the "Go to line" field.
  func testGoToLineTakesTheKeyboardToALine() throws {
    let site = try ExternalTool.writeSite(HTMLWideSample.render(), for: self)
    let page = try filePage(in: site).absoluteString

    let results = try ExternalTool.drive(
      page,
      [
        ["eval": "document.querySelector('form.go-to-line').hidden"],
        ["eval": "document.getElementById('go-to-line').focus() || true"],
        ["key": "3"], ["key": "7"], ["key": "Enter"], ["eval": "location.hash"],
      ])

    XCTAssertEqual(results[0] as? Bool, false, "shown once the script runs")
    XCTAssertEqual(results[2] as? String, "#L37")
  }
}
