import CoverageModel
import XCTest

@testable import CoverageReports

/// The folder view of the index: per target and folder, the files' figures added up.
final class FoldersSectionTests: XCTestCase {
  func testFoldersAddUpTheirFilesPerTarget() {
    let folders = IndexPage.folders(of: SampleReport.report.files)

    XCTAssertEqual(folders.map(\.folder), ["Sources/Core", "Sources/DemoApp", "Sources/Parser"])
    XCTAssertEqual(folders.map(\.files), [2, 1, 1])
    let core = SampleReport.report.files.filter { $0.target == "Core" }.map(\.summary).total()
    XCTAssertEqual(folders.first?.summary, core)
    XCTAssertEqual(folders.map(\.summary).total(), SampleReport.report.totals)
  }

  func testTheIndexListsFoldersWorstFirstLinkingToTheirFiles() throws {
    let index = try XCTUnwrap(
      HTMLReport(sources: StubSources()).render(SampleReport.report).first?.contents)
    let section = try XCTUnwrap(
      index.components(separatedBy: "id=\"folders\"").last?.components(separatedBy: "</table>")
        .first)

    XCTAssertEqual(
      Pattern.captures(##"<a href="#q=([^"]*)">"##, in: section),
      ["in%3ASources/Parser/", "in%3ASources/Core/", "in%3ASources/DemoApp/"],
      "gated worst first (40%, 75%), then ui-glue; each link keeps its folder's own files")
    XCTAssertEqual(IndexPage.fragmentEscaped("Sources/My Dir/é&"), "Sources/My%20Dir/%C3%A9%26")
  }

  func testOneFolderNeedsNoFolderView() {
    var report = SampleReport.report
    report.files = report.files.filter { $0.target == "Core" }
    XCTAssertFalse(
      IndexPage(report: report, pageNames: FilePageNames(paths: [])).html().contains(
        "id=\"folders\""))
  }
}
