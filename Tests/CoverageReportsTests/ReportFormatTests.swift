import CoverageModel
import XCTest

@testable import CoverageReports

final class ReportFormatTests: XCTestCase {
  func testTextAndJSONRenderTheirFiles() throws {
    XCTAssertEqual(
      try ReportFormat.text.renderer(.stub()).render(SampleReport.report).map(\.path), ["covgate.txt"])
    XCTAssertEqual(
      try ReportFormat.json.renderer(.stub()).render(SampleReport.report).map(\.path), ["covgate.json"])
  }

  func testFormatsWriteDistinctFiles() throws {
    let paths = try ReportFormat.allCases.flatMap {
      try $0.renderer(.stub()).render(SampleReport.report).map(\.path)
    }
    XCTAssertGreaterThanOrEqual(paths.count, ReportFormat.allCases.count)
    XCTAssertEqual(Set(paths).count, paths.count, "\(paths)")
  }

  func testTextFormatIsUncolored() throws {
    let contents = try ReportFormat.text.renderer(.stub()).render(SampleReport.report).first?.contents
    XCTAssertEqual(contents, TextReport(useColor: false).text(SampleReport.report))
  }

  func testFormatsParseFromTheirNames() {
    XCTAssertEqual(ReportFormat(rawValue: "json"), .json)
    XCTAssertEqual(ReportFormat(rawValue: "text"), .text)
    XCTAssertNil(ReportFormat(rawValue: "html"))
  }
}
