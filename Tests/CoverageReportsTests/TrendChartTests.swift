import CoverageModel
import CoverageReports
import Foundation
import XCTest

#if canImport(FoundationXML)
  import FoundationXML
#endif

final class TrendChartTests: XCTestCase {
  private func point(
    _ index: Int, lines: Int, layers: [String: Metric] = [:], passed: Bool = true,
    commit: String = "0123456789abcdef"
  ) -> HistoryPoint {
    HistoryPoint(
      date: Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 86_400), commit: commit,
      passed: passed, lines: Metric(covered: lines, count: 100), layerLines: layers)
  }

  private func assertWellFormedXML(
    _ svg: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    let parser = XMLParser(data: Data(svg.utf8))
    XCTAssertTrue(
      parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "") in:\n\(svg)", file: file,
      line: line)
  }

  func testNoPointsDrawNothing() {
    XCTAssertEqual(TrendChart.svg(points: []), "")
  }

  func testOnePointIsADotPerSeriesInTheMiddleWithoutALine() {
    let svg = TrendChart.svg(points: [
      point(0, lines: 50, layers: ["logic": Metric(covered: 3, count: 4)])
    ])

    assertWellFormedXML(svg)
    XCTAssertFalse(svg.contains("<polyline"), svg)
    XCTAssertEqual(svg.components(separatedBy: "<circle").count - 1, 2)
    // Middle of the plot (48...560), halfway up (220...12).
    XCTAssertTrue(svg.contains("<circle cx=\"304\" cy=\"116\""), svg)
    XCTAssertTrue(svg.contains("total 50.00% (50/100)"), svg)
    XCTAssertTrue(svg.contains("logic 75.00% (3/4)"), svg)
    XCTAssertTrue(svg.contains(">2023-11-14 0123456</text>"), svg)
  }

  func testSeveralPointsDrawALinePerSeriesDeterministically() {
    let points = (0..<5).map {
      point(
        $0, lines: 40 + $0 * 10,
        layers: ["b": Metric(covered: $0, count: 4), "a": Metric(covered: 1, count: 2)])
    }

    let svg = TrendChart.svg(points: points)

    assertWellFormedXML(svg)
    XCTAssertEqual(svg, TrendChart.svg(points: points))
    XCTAssertEqual(svg.components(separatedBy: "<polyline").count - 1, 3)
    XCTAssertTrue(svg.contains("points=\"48,136.8 176,116 304,95.2 432,74.4 560,53.6\""), svg)
    // Layers in name order after the total.
    let order = ["data-series=\"total\"", "data-series=\"a\"", "data-series=\"b\""].map {
      svg.range(of: $0)?.lowerBound
    }
    XCTAssertEqual(order.compactMap { $0 }.count, 3)
    XCTAssertEqual(order.compactMap { $0 }, order.compactMap { $0 }.sorted())
  }

  func testTheChartNeedsNoStyleAttributeScriptOrExternalResource() {
    let svg = TrendChart.svg(points: [point(0, lines: 10), point(1, lines: 20, passed: false)])

    for forbidden in ["style=", "<style", "<script", "href", "url(", "<image"] {
      XCTAssertFalse(svg.contains(forbidden), "\(forbidden) in:\n\(svg)")
    }
    XCTAssertNil(svg.range(of: #"\son[a-z]+="#, options: .regularExpression), svg)
    XCTAssertTrue(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""), svg)
  }

  func testAFailedRunIsAHollowDotSaidFailed() {
    let svg = TrendChart.svg(points: [point(0, lines: 10), point(1, lines: 20, passed: false)])

    XCTAssertTrue(svg.contains("fill=\"#ffffff\" stroke=\"#d55e00\""), svg)
    XCTAssertTrue(svg.contains("total 20.00% (20/100), FAILED"), svg)
    XCTAssertTrue(svg.contains("total 10.00% (10/100), PASSED"), svg)
  }

  func testNamesAndCommitsAreEscaped() {
    let evil = "<script>alert(\"x\")</script>&'"
    let svg = TrendChart.svg(points: [
      point(0, lines: 10, layers: [evil: Metric(covered: 1, count: 2)], commit: "<b>&"),
      point(1, lines: 20, layers: [evil: Metric(covered: 2, count: 2)], commit: "<b>&"),
    ])

    assertWellFormedXML(svg)
    XCTAssertFalse(svg.contains("<script"), svg)
    XCTAssertFalse(svg.contains("<b>"), svg)
    XCTAssertTrue(svg.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&apos;"), svg)
  }

  func testARunWithoutDataForALayerBreaksItsLine() {
    let layer = Metric(covered: 1, count: 2)
    let svg = TrendChart.svg(points: [
      point(0, lines: 10, layers: ["logic": layer]), point(1, lines: 10, layers: ["logic": layer]),
      point(2, lines: 10, layers: ["logic": .zero]), point(3, lines: 10),
      point(4, lines: 10, layers: ["logic": layer]), point(5, lines: 10, layers: ["logic": layer]),
    ])

    let logic = svg.components(separatedBy: "data-series=\"logic\"")[1].components(
      separatedBy: "</g>")[0]
    XCTAssertEqual(logic.components(separatedBy: "<polyline").count - 1, 2, logic)
    XCTAssertEqual(logic.components(separatedBy: "<circle").count - 1, 4, logic)
  }
}
