import CoverageModel
import XCTest

@testable import CoverageReports

final class ReportFormatTests: XCTestCase {
  /// A deferred file is made when read, equal to the same text given in parts.
  func testADeferredFileIsMadeWhenRead() {
    final class Count: @unchecked Sendable { var reads = 0 }
    let count = Count()
    let deferred = RenderedFile(path: "a.html") {
      count.reads += 1
      return ["<p>", "a", "</p>"]
    }
    XCTAssertEqual(count.reads, 0)
    XCTAssertEqual(deferred, RenderedFile(path: "a.html", contents: "<p>a</p>"))
    XCTAssertEqual(deferred.render(), ["<p>", "a", "</p>"])
    XCTAssertEqual(count.reads, 2)
    // Another path is another file, whatever the text: it is not made to tell.
    XCTAssertNotEqual(deferred, RenderedFile(path: "b.html", contents: "<p>a</p>"))
    XCTAssertEqual(count.reads, 2)
    XCTAssertEqual(RenderedFile(path: "x", parts: ["1", "2"]).render(), ["1", "2"])
  }

  func testTextAndJSONRenderTheirFiles() throws {
    XCTAssertEqual(
      try ReportFormat.text.renderer(.stub()).render(SampleReport.report).map(\.path),
      ["covgate.txt"])
    XCTAssertEqual(
      try ReportFormat.json.renderer(.stub()).render(SampleReport.report).map(\.path),
      ["covgate.json"])
  }

  func testFormatsWriteDistinctFiles() throws {
    let paths = try ReportFormat.allCases.flatMap {
      try $0.renderer(.stub()).render(SampleReport.report).map(\.path)
    }
    XCTAssertGreaterThanOrEqual(paths.count, ReportFormat.allCases.count)
    XCTAssertEqual(Set(paths).count, paths.count, "\(paths)")
  }

  func testTextFormatIsUncolored() throws {
    let contents = try ReportFormat.text.renderer(.stub()).render(SampleReport.report).first?
      .contents
    XCTAssertEqual(contents, TextReport(useColor: false).text(SampleReport.report))
  }

  func testFormatsParseFromTheirNames() {
    XCTAssertEqual(ReportFormat(rawValue: "json"), .json)
    XCTAssertEqual(ReportFormat(rawValue: "text"), .text)
    XCTAssertEqual(ReportFormat(rawValue: "html"), .html)
    XCTAssertNil(ReportFormat(rawValue: "pdf"))
  }

  func testCIFormatsAreAllCasesWithTheirFiles() throws {
    let expected: [(ReportFormat, [String])] = [
      (.cobertura, ["cobertura.xml"]), (.sonarqube, ["sonarqube.xml"]), (.junit, ["junit.xml"]),
      (.markdown, ["covgate.md"]), (.badge, ["badge.svg", "badge.json"]),
    ]
    for (format, files) in expected {
      XCTAssertTrue(ReportFormat.allCases.contains(format), format.rawValue)
      XCTAssertEqual(ReportFormat(rawValue: format.rawValue), format)
      XCTAssertEqual(
        try format.renderer(.stub()).render(SampleReport.report).map(\.path), files, format.rawValue
      )
    }
    XCTAssertTrue(ReportFormat.cobertura.needsFunctions, "Cobertura lists methods")
  }
}
