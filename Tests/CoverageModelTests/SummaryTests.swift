import Foundation
import XCTest

@testable import CoverageModel

final class SummaryTests: XCTestCase {
  private let sample = Summary(
    lines: Metric(covered: 1, count: 2), functions: Metric(covered: 3, count: 4),
    instantiations: Metric(covered: 5, count: 6), regions: Metric(covered: 7, count: 8),
    branches: Metric(covered: 9, count: 10))

  func testSubscriptReadsEachMetric() {
    XCTAssertEqual(sample[.lines], Metric(covered: 1, count: 2))
    XCTAssertEqual(sample[.functions], Metric(covered: 3, count: 4))
    XCTAssertEqual(sample[.instantiations], Metric(covered: 5, count: 6))
    XCTAssertEqual(sample[.regions], Metric(covered: 7, count: 8))
    XCTAssertEqual(sample[.branches], Metric(covered: 9, count: 10))
  }

  func testSubscriptWritesOnlyThatMetric() {
    for kind in MetricKind.allCases {
      var summary = sample
      summary[kind] = Metric(covered: 42, count: 99)
      XCTAssertEqual(summary[kind], Metric(covered: 42, count: 99), "\(kind)")
      for other in MetricKind.allCases where other != kind {
        XCTAssertEqual(summary[other], sample[other], "\(other) changed when \(kind) was set")
      }
    }
  }

  func testDefaultsAreZero() {
    for kind in MetricKind.allCases {
      XCTAssertEqual(Summary.zero[kind], .zero)
      XCTAssertEqual(Summary()[kind], .zero)
    }
  }

  func testAdditionIsPerMetric() {
    let sum = sample + sample
    for kind in MetricKind.allCases {
      XCTAssertEqual(sum[kind].covered, sample[kind].covered * 2)
      XCTAssertEqual(sum[kind].count, sample[kind].count * 2)
    }
    var accumulated = Summary.zero
    accumulated += sample
    XCTAssertEqual(accumulated, sample)
  }

  func testTotalSumsEverySummary() {
    let other = Summary(
      lines: Metric(covered: 10, count: 20), regions: Metric(covered: 0, count: 3))
    let total = [sample, other, .zero].total()
    XCTAssertEqual(total.lines, Metric(covered: 11, count: 22))
    XCTAssertEqual(total.functions, Metric(covered: 3, count: 4))
    XCTAssertEqual(total.instantiations, Metric(covered: 5, count: 6))
    XCTAssertEqual(total.regions, Metric(covered: 7, count: 11))
    XCTAssertEqual(total.branches, Metric(covered: 9, count: 10))
  }

  func testTotalOfNothingIsZero() {
    XCTAssertEqual([Summary]().total(), .zero)
    XCTAssertEqual([Summary]().total().lines.formattedPercent, "n/a")
  }

  func testMetricKindsAreOrderedAsDeclared() {
    XCTAssertEqual(
      [MetricKind.branches, .regions, .lines, .instantiations, .functions].sorted(),
      [.lines, .functions, .instantiations, .regions, .branches])
    XCTAssertFalse(MetricKind.gateable.contains(.branches))
    XCTAssertEqual(MetricKind.gateable, [.lines, .functions, .instantiations, .regions])
  }
}
