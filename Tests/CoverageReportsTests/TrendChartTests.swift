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

  func testAFlatTrendIsASentenceNotAChart() {
    let flat = (0..<4).map { point($0, lines: 81, layers: ["logic": Metric(covered: 3, count: 4)]) }
    XCTAssertEqual(
      TrendChart.flatSummary(points: flat),
      "Line coverage unchanged over the last 4 runs: total 81.00%, logic 75.00%.")
    var moved = flat
    moved[2].layerLines["logic"] = Metric(covered: 2, count: 4)
    XCTAssertNil(TrendChart.flatSummary(points: moved), "a layer moved")
    var missing = flat
    missing[1].layerLines = [:]
    XCTAssertNil(TrendChart.flatSummary(points: missing), "a run without the layer")
    XCTAssertNil(TrendChart.flatSummary(points: [flat[0]]), "one run is a dot, not a trend")
  }

  func testOnePointIsADotPerSeriesInTheMiddleWithoutALine() {
    let svg = TrendChart.svg(points: [
      point(0, lines: 50, layers: ["logic": Metric(covered: 3, count: 4)])
    ])

    assertWellFormedXML(svg)
    XCTAssertFalse(svg.contains("<polyline"), svg)
    XCTAssertEqual(svg.components(separatedBy: "<circle").count - 1, 2)
    // Middle of the plot (48...560); the axis runs from 50% (bottom, 220) to 75% (top, 12).
    XCTAssertTrue(svg.contains("<circle cx=\"304\" cy=\"220\""), svg)
    XCTAssertTrue(svg.contains("<circle cx=\"304\" cy=\"12\""), svg)
    XCTAssertTrue(svg.contains(">50%</text>") && svg.contains(">75%</text>"), svg)
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
    // Figures from 0% (b's first) to 80%: the axis 0-100% in steps of 25.
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

  /// The y of each dot of a series, oldest first.
  private func dotHeights(_ svg: String, series: String) -> [Double] {
    let group = svg.components(separatedBy: "data-series=\"\(series)\"")[1].components(
      separatedBy: "</g>")[0]
    return group.components(separatedBy: "cy=\"").dropFirst().compactMap {
      Double($0.prefix { $0 != "\"" })
    }
  }

  func testASwingOfAPointFillsThePlot() {
    let svg = TrendChart.svg(
      points: [
        point(0, lines: 0, layers: ["logic": Metric(covered: 8_120, count: 10_000)]),
        point(1, lines: 0, layers: ["logic": Metric(covered: 8_250, count: 10_000)]),
      ].map { point in
        var point = point
        point.lines = Metric(covered: 9_000, count: 10_000)
        return point
      })

    // 81.2% to 90%: steps of 2 points from 80% to 90%, the 1.3-point swing is 27 px of 208.
    let logic = dotHeights(svg, series: "logic")
    XCTAssertEqual(logic.count, 2)
    XCTAssertGreaterThan(logic[0] - logic[1], 25, svg)
    XCTAssertTrue(svg.contains(">80%</text>") && svg.contains(">90%</text>"), svg)
    XCTAssertFalse(svg.contains(">0%</text>"), svg)

    let alone = TrendChart.svg(points: [
      point(0, lines: 0, layers: ["logic": Metric(covered: 8_120, count: 10_000)]),
      point(1, lines: 0, layers: ["logic": Metric(covered: 8_250, count: 10_000)]),
    ])
    // The axis holds every line drawn: a total of 0% takes it down to 0% again.
    XCTAssertTrue(alone.contains(">0%</text>"), alone)
  }

  func testASmallSwingGetsGridLinesOfHalfAPoint() {
    let svg = TrendChart.svg(
      points: [
        point(0, lines: 0), point(1, lines: 0),
      ].enumerated().map { index, point in
        var point = point
        point.lines = Metric(covered: index == 0 ? 8_120 : 8_250, count: 10_000)
        return point
      })

    XCTAssertTrue(svg.contains(">81.5%</text>") && svg.contains(">82.5%</text>"), svg)
    let total = dotHeights(svg, series: "total")
    // 81.0% to 82.5%: the swing is 1.3 of 1.5 points, 180 of 208 px.
    XCTAssertEqual(total[0] - total[1], 180.3, accuracy: 0.2, svg)
  }

  func testALayerEqualToTheTotalIsNamedInItsLegendNotDrawnUnderIt() {
    let svg = TrendChart.svg(points: [
      point(0, lines: 50, layers: ["logic": Metric(covered: 50, count: 100), "ui": .zero]),
      point(1, lines: 60, layers: ["logic": Metric(covered: 60, count: 100), "ui": .zero]),
    ])

    XCTAssertTrue(svg.contains(">total = logic</text>"), svg)
    XCTAssertFalse(svg.contains("data-series=\"logic\""), svg)
    // A layer with nothing to measure in any run has no line and no legend entry.
    XCTAssertFalse(svg.contains(">ui</text>"), svg)
    XCTAssertFalse(svg.contains("data-series=\"ui\""), svg)
    XCTAssertEqual(svg.components(separatedBy: "class=\"trend-legend\"").count - 1, 1, svg)
  }
}
