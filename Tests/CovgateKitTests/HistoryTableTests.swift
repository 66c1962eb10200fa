import CoverageHistory
import CoverageModel
import Foundation
import XCTest

@testable import CovgateKit

final class HistoryTableTests: XCTestCase {
  private let table = HistoryTable(timeZone: TimeZone(identifier: "UTC")!)

  private func run(
    _ minute: Int, lines: Int, logic: Int?, passed: Bool = true,
    commit: String = "0123456789abcdef",
    branch: String = "main"
  ) -> RecordedRun {
    var layers = [
      RecordedRun.Layer(
        name: "ui-glue", gated: false,
        figures: RecordedRun.Figures(lines: Metric(covered: 1, count: 10)))
    ]
    if let logic {
      layers.insert(
        RecordedRun.Layer(
          name: "logic", gated: true,
          figures: RecordedRun.Figures(lines: Metric(covered: logic, count: 10_000))),
        at: 0)
    }
    return RecordedRun(
      date: Date(timeIntervalSince1970: 1_700_000_000 + Double(minute) * 60), commit: commit,
      branch: branch,
      passed: passed, totals: RecordedRun.Figures(lines: Metric(covered: lines, count: 10_000)),
      layers: layers)
  }

  func testEachRunIsARowWithTheChangeFromThePreviousOne() {
    let text = table.text([
      run(0, lines: 6_123, logic: 7_000),
      run(1, lines: 6_165, logic: 6_890, passed: false, commit: "", branch: ""),
      run(2, lines: 6_165, logic: nil),
    ])

    XCTAssertEqual(
      text,
      """
      date              commit   branch  gate    lines           logic
      2023-11-14 22:13  0123456  main    PASSED  61.23%          70.00%
      2023-11-14 22:14  -        -       FAILED  61.65% (+0.42)  68.90% (-1.10)
      2023-11-14 22:15  0123456  main    PASSED  61.65% (0.00)   -

      """)
  }

  func testOnlyGatedLayersGetAColumn() {
    XCTAssertFalse(table.text([run(0, lines: 1, logic: 1)]).contains("ui-glue"))
  }

  func testNoRunsIsOneLine() {
    XCTAssertEqual(table.text([]), "no runs recorded yet\n")
  }

  func testNothingToMeasureIsNotApplicableWithoutAChange() {
    var empty = run(1, lines: 0, logic: 1)
    empty.totals.lines = .zero
    let text = table.text([run(0, lines: 1, logic: 1), empty])

    XCTAssertTrue(text.contains("PASSED  n/a "), text)
  }

  func testChangesAreSignedHundredthsOfAPoint() {
    XCTAssertEqual(HistoryTable.change(42), "+0.42")
    XCTAssertEqual(HistoryTable.change(-110), "-1.10")
    XCTAssertEqual(HistoryTable.change(0), "0.00")
    XCTAssertEqual(HistoryTable.change(1_205), "+12.05")
  }
}
