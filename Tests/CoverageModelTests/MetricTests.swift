import Foundation
import XCTest

@testable import CoverageModel

final class MetricTests: XCTestCase {
  func testPercentIsTruncatedNotRounded() {
    XCTAssertEqual(Metric(covered: 2, count: 3).formattedPercent, "66.66%")
    XCTAssertEqual(Metric(covered: 1, count: 3).formattedPercent, "33.33%")
    XCTAssertEqual(Metric(covered: 1204, count: 2065).formattedPercent, "58.30%")
  }

  func testAlmostEverythingIsNeverShownAsAHundred() {
    XCTAssertEqual(Metric(covered: 9999, count: 10000).formattedPercent, "99.99%")
    XCTAssertEqual(Metric(covered: 99_999, count: 100_000).formattedPercent, "99.99%")
    XCTAssertEqual(Metric(covered: 99_999, count: 100_000).truncatedPercent, 99.99)
    XCTAssertEqual(Metric(covered: 10, count: 10).formattedPercent, "100.00%")
  }

  func testSmallPercentagesKeepTwoDigits() {
    XCTAssertEqual(Metric(covered: 1, count: 1000).formattedPercent, "0.10%")
    XCTAssertEqual(Metric(covered: 1, count: 10000).formattedPercent, "0.01%")
    XCTAssertEqual(Metric(covered: 1, count: 100_000).formattedPercent, "0.00%")
    XCTAssertEqual(Metric(covered: 0, count: 7).formattedPercent, "0.00%")
    XCTAssertEqual(Metric(covered: 1, count: 20).formattedPercent, "5.00%")
  }

  func testEmptyMetricIsNotApplicable() {
    XCTAssertNil(Metric.zero.percent)
    XCTAssertNil(Metric.zero.truncatedHundredths)
    XCTAssertNil(Metric.zero.truncatedPercent)
    XCTAssertEqual(Metric.zero.formattedPercent, "n/a")
    XCTAssertEqual(Metric.zero.formattedRatio, "0/0")
  }

  func testPercentAndMissed() throws {
    let metric = Metric(covered: 3, count: 4)
    XCTAssertEqual(try XCTUnwrap(metric.percent), 75, accuracy: 1e-12)
    XCTAssertEqual(metric.missed, 1)
    XCTAssertEqual(metric.formattedRatio, "3/4")
  }

  func testReachesAtExactBoundary() {
    XCTAssertTrue(Metric(covered: 600, count: 1000).reaches(60))
    XCTAssertTrue(Metric(covered: 3, count: 5).reaches(60))
    XCTAssertTrue(Metric(covered: 5, count: 8).reaches(62.5))
    XCTAssertTrue(Metric(covered: 10, count: 10).reaches(100))
    XCTAssertTrue(Metric(covered: 0, count: 10).reaches(0))
  }

  func testReachesFailsJustBelow() {
    XCTAssertFalse(Metric(covered: 599, count: 1000).reaches(60))
    XCTAssertFalse(Metric(covered: 59_999, count: 100_000).reaches(60))
    XCTAssertFalse(Metric(covered: 9999, count: 10000).reaches(100))
    XCTAssertFalse(Metric(covered: 4, count: 8).reaches(62.5))
  }

  func testNothingToMeasureNeverReaches() {
    XCTAssertFalse(Metric.zero.reaches(0))
    XCTAssertFalse(Metric.zero.reaches(60))
  }

  /// 644/1000 is exactly 64.4% and is shown as "64.40%", so it must meet a 64.4% minimum.
  func testReachesAtExactFractionalBoundary() throws {
    let metric = Metric(covered: 644, count: 1000)
    XCTAssertEqual(metric.formattedPercent, "64.40%")
    XCTAssertTrue(metric.reaches(64.4))
    XCTAssertFalse(Metric(covered: 643, count: 1000).reaches(64.4))
    XCTAssertTrue(Metric(covered: 161, count: 1000).reaches(16.1))
    XCTAssertTrue(Metric(covered: 7, count: 10000).reaches(0.07))
  }

  func testAdditionAddsBothCounts() {
    XCTAssertEqual(
      Metric(covered: 1, count: 2) + Metric(covered: 3, count: 5), Metric(covered: 4, count: 7))
    var sum = Metric.zero
    sum += Metric(covered: 2, count: 3)
    sum += Metric(covered: 0, count: 1)
    XCTAssertEqual(sum, Metric(covered: 2, count: 4))
  }

  func testAdditionSaturatesAtIntMax() {
    let big = Metric(covered: .max - 1, count: .max)
    let sum = big + Metric(covered: 5, count: 5)
    XCTAssertEqual(sum.covered, .max)
    XCTAssertEqual(sum.count, .max)
    XCTAssertEqual(
      Metric(covered: .max, count: .max) + Metric(covered: .max, count: .max),
      Metric(covered: .max, count: .max))
    XCTAssertEqual((big + .zero), big)
  }

  func testHugeCountsStillTruncate() throws {
    XCTAssertEqual(
      Metric(covered: 1_000_000_000_000_000, count: 3_000_000_000_000_000).formattedPercent,
      "33.33%")
    let almostAll = Metric(covered: .max - 1, count: .max)
    XCTAssertEqual(almostAll.formattedPercent, "99.99%")
  }

  func testCodableRoundTrip() throws {
    let metric = Metric(covered: 3, count: 7)
    let data = try JSONEncoder().encode(metric)
    XCTAssertEqual(try JSONDecoder().decode(Metric.self, from: data), metric)
  }
}
