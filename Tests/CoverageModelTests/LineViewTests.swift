import XCTest

@testable import CoverageModel

final class LineViewTests: XCTestCase {
  /// Line 1 unmapped, 2 ran 3 times, 3 never ran, 4 unmapped, 5 ran once, 6 never ran.
  private let view = LineView(counts: [nil, 3, 0, nil, 1, 0])

  func testCountOfMappedLines() {
    XCTAssertEqual(view.count(line: 2), 3)
    XCTAssertEqual(view.count(line: 3), 0)
    XCTAssertEqual(view.count(line: 5), 1)
  }

  func testUnmappedAndOutOfRangeLinesHaveNoCount() {
    XCTAssertNil(view.count(line: 1))
    XCTAssertNil(view.count(line: 4))
    XCTAssertNil(view.count(line: 0))
    XCTAssertNil(view.count(line: -1))
    XCTAssertNil(view.count(line: 7))
  }

  func testLineCountSpansToLastSegment() {
    XCTAssertEqual(view.lineCount, 6)
    XCTAssertEqual(LineView(rawCounts: []).lineCount, 0)
  }

  func testMetricCountsExecutableLines() {
    XCTAssertEqual(view.metric, Metric(covered: 2, count: 4))
    XCTAssertEqual(LineView(rawCounts: []).metric, .zero)
    XCTAssertEqual(LineView(counts: [nil, nil]).metric, .zero)
  }

  func testUncoveredLinesAreOneBased() {
    XCTAssertEqual(view.uncoveredLines, [3, 6])
    XCTAssertEqual(LineView(counts: [1, 2]).uncoveredLines, [])
  }

  func testUnmappedMarkerIsStoredRaw() {
    XCTAssertEqual(view.rawCounts, [LineView.unmapped, 3, 0, LineView.unmapped, 1, 0])
    XCTAssertEqual(LineView.unmapped, UInt64.max)
  }

  func testLargestRealCountIsNotTheMarker() {
    let clamped = UInt64(Int64.max)
    let view = LineView(counts: [clamped, nil])
    XCTAssertEqual(view.count(line: 1), clamped)
    XCTAssertNil(view.count(line: 2))
    XCTAssertEqual(view.metric, Metric(covered: 1, count: 1))
  }

  func testBothInitialisersAgree() {
    XCTAssertEqual(LineView(counts: [nil, 0, 5]), LineView(rawCounts: [.max, 0, 5]))
  }
}
