import CoverageModel
import Foundation
import XCTest

@testable import CoverageReports

final class BadgeReportTests: XCTestCase {
  private var passed: CoverageReport {
    var report = SampleReport.report
    report.gate = GateResult(verdicts: [SampleReport.verdicts[0]])
    return report
  }

  private var warned: CoverageReport {
    var report = SampleReport.report
    report.gate = GateResult(verdicts: Array(SampleReport.verdicts.prefix(2)))
    return report
  }

  func testSVGMatchesGolden() throws {
    try Golden.assertMatches(BadgeReport().svg(SampleReport.report), "badge.svg")
  }

  func testEndpointMatchesGolden() throws {
    try Golden.assertMatches(BadgeReport().json(SampleReport.report), "badge.json")
  }

  func testRenderGivesTheSVGAndTheEndpoint() {
    XCTAssertEqual(
      BadgeReport().render(SampleReport.report).map(\.path), ["badge.svg", "badge.json"])
  }

  func testColourFollowsTheGate() {
    XCTAssertEqual(BadgeReport.color(SampleReport.report.gate), .red)
    XCTAssertEqual(BadgeReport.color(warned.gate), .yellow)
    XCTAssertEqual(BadgeReport.color(passed.gate), .green)
    XCTAssertEqual(BadgeReport.color(GateResult(verdicts: [])), .green)
    XCTAssertTrue(BadgeReport().svg(warned).contains("fill=\"#dfb317\""))
    XCTAssertTrue(BadgeReport().svg(passed).contains("fill=\"#97ca00\""))
  }

  func testEndpointIsShieldsSchemaVersionOne() throws {
    let text = BadgeReport().json(warned)
    XCTAssertEqual(
      text,
      "{\"schemaVersion\":1,\"label\":\"coverage\",\"message\":\"57.57%\",\"color\":\"yellow\"}\n")
    let object = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    XCTAssertEqual(object["schemaVersion"] as? Int, 1)
    XCTAssertEqual(Set(object.keys), ["schemaVersion", "label", "message", "color"])
  }

  func testPercentIsTruncatedAndEmptyIsNotApplicable() {
    var report = passed
    report.totals.lines = Metric(covered: 9999, count: 10000)
    XCTAssertTrue(BadgeReport().json(report).contains("\"message\":\"99.99%\""))
    XCTAssertTrue(BadgeReport().svg(report).contains(">99.99%</text>"))
    report.totals.lines = .zero
    XCTAssertTrue(BadgeReport().json(report).contains("\"message\":\"n/a\""))
  }

  func testSVGIsWellFormedAndSaysWhatItShows() throws {
    let document = try XCTUnwrap(XMLAttributes.parse(BadgeReport().svg(SampleReport.report)))
    let svg = try XCTUnwrap(document.attributes(of: "svg").first)
    XCTAssertEqual(svg["aria-label"], "coverage: 57.57%")
    XCTAssertEqual(document.texts(of: "title"), ["coverage: 57.57%"])
    XCTAssertEqual(document.texts(of: "text"), ["coverage", "coverage", "57.57%", "57.57%"])
    let width = try XCTUnwrap(Int(svg["width"] ?? ""))
    let rects = document.attributes(of: "rect").compactMap { $0["width"].flatMap(Int.init) }
    XCTAssertEqual(rects[1] + rects[2], width, "label and message fill the badge")
  }
}
