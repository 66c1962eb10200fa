import CoverageModel
import Foundation
import XCTest

@testable import CoverageReports

final class SonarQubeReportTests: XCTestCase {
  private func xml(_ report: CoverageReport = SampleReport.withLines) -> String {
    SonarQubeReport().xml(report)
  }

  func testMatchesGolden() throws {
    try Golden.assertMatches(xml(), "sonarqube.xml")
  }

  func testRenderGivesOneFile() {
    let files = SonarQubeReport().render(SampleReport.withLines)
    XCTAssertEqual(files.map(\.path), ["sonarqube.xml"])
    XCTAssertEqual(files.first?.contents, xml())
  }

  func testEveryExecutableLineIsListedWithWhetherItRan() throws {
    let document = try XCTUnwrap(XMLAttributes.parse(xml()))
    XCTAssertEqual(document.attributes(of: "coverage").first?["version"], "1")
    XCTAssertEqual(
      document.attributes(of: "file").map { $0["path"] }, SampleReport.withLines.files.map(\.path))
    let lines = document.attributes(of: "lineToCover")
    XCTAssertEqual(lines.count, SampleReport.withLines.totals.lines.count)
    XCTAssertEqual(
      lines.filter { $0["covered"] == "true" }.count, SampleReport.withLines.totals.lines.covered)
    XCTAssertEqual(lines.filter { $0["covered"] == "false" }.count, 140)
    XCTAssertFalse(lines.contains { $0["lineNumber"] == "1" }, "line 1 has no code")
  }

  func testFilesWithoutALineViewAreStillListed() throws {
    let document = try XCTUnwrap(XMLAttributes.parse(xml(SampleReport.report)))
    XCTAssertEqual(document.attributes(of: "file").count, 4)
    XCTAssertTrue(document.attributes(of: "lineToCover").isEmpty)
  }

  func testPathsAreEscaped() throws {
    var report = SampleReport.withLines
    report.files[0].path = "Sources/<img src=x onerror=alert(1)>\"&'.swift"
    let text = xml(report)
    XCTAssertFalse(text.contains("<img"))
    let document = try XCTUnwrap(XMLAttributes.parse(text))
    XCTAssertEqual(
      document.attributes(of: "file").first?["path"],
      "Sources/<img src=x onerror=alert(1)>\"&'.swift")
  }

  func testLinesWithDerivedDecisionsSayTheirBranches() {
    let text = xml(SampleReport.withBranches)
    XCTAssertTrue(
      text.contains(
        "<lineToCover lineNumber=\"2\" covered=\"true\" branchesToCover=\"2\" coveredBranches=\"1\"/>"
      ), text)
    XCTAssertTrue(
      text.contains(
        "<lineToCover lineNumber=\"3\" covered=\"true\" branchesToCover=\"2\" coveredBranches=\"2\"/>"
      ), text)
    XCTAssertEqual(text.components(separatedBy: "branchesToCover").count - 1, 3)
  }

  /// The shape SonarQube documents for `sonar.coverageReportPaths`, as an XSD.
  func testValidatesAgainstSonarsSchema() throws {
    try ExternalTool.require("xmllint")
    let schema = ExternalTool.fixture("sonar-generic-coverage.xsd")
    var hostile = SampleReport.withLines
    hostile.files[0].path = "Sources/<img src=x onerror=alert(1)>]]>.swift"
    for (name, report) in [
      ("lines", SampleReport.withLines), ("summaries", SampleReport.report), ("hostile", hostile),
      ("branches", SampleReport.withBranches),
    ] {
      let path = try ExternalTool.write(xml(report), named: "sonarqube.xml", for: self)
      let result = ExternalTool.run(["xmllint", "--noout", "--schema", schema, path])
      XCTAssertEqual(result.status, 0, "\(name): \(result.output)")
    }
  }

  func testTheSchemaRejectsWhatSonarWouldReject() throws {
    try ExternalTool.require("xmllint")
    let schema = ExternalTool.fixture("sonar-generic-coverage.xsd")
    let bad = """
      <coverage version="1"><file path="a.swift"><lineToCover lineNumber="0" covered="yes"/></file></coverage>
      """
    let path = try ExternalTool.write(bad, named: "bad.xml", for: self)
    XCTAssertNotEqual(ExternalTool.run(["xmllint", "--noout", "--schema", schema, path]).status, 0)
  }
}
