import CoverageModel
import XCTest

@testable import CoverageReports

final class LCOVReportTests: XCTestCase {
  private func lcov(_ report: CoverageReport) -> String {
    LCOVReport().render(report)[0].contents
  }

  /// Per decision a block, per outcome a branch; `-` for a decision that was never reached.
  func testDerivedBranchesAreBRDARecordsWithTheirTotals() {
    let report = SampleReport.withBranches
    let last = report.files[0].summary.lines.count + 1
    let first = lcov(report).components(separatedBy: "end_of_record\n")[0]
    let records = first.split(separator: "\n").filter { $0.hasPrefix("BR") }
    XCTAssertEqual(
      records,
      [
        "BRDA:2,0,0,3", "BRDA:2,0,1,0", "BRDA:3,1,0,1", "BRDA:3,1,1,1", "BRDA:\(last),2,0,-",
        "BRDA:\(last),2,1,-", "BRF:6", "BRH:3",
      ])
  }

  func testWithoutDerivedBranchesThereAreNoBranchRecords() {
    XCTAssertFalse(lcov(SampleReport.withLines).contains("BR"))
  }
}
