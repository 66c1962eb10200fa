import CoverageModel
import Foundation
import XCTest

@testable import CoverageReports

final class JUnitReportTests: XCTestCase {
  private func xml(_ report: CoverageReport = SampleReport.report) -> String {
    JUnitReport().xml(report)
  }

  func testMatchesGolden() throws {
    try Golden.assertMatches(xml(), "junit.xml")
  }

  func testRenderGivesOneFile() {
    XCTAssertEqual(JUnitReport().render(SampleReport.report).map(\.path), ["junit.xml"])
  }

  func testOneCasePerVerdictWithCounts() throws {
    let document = try XCTUnwrap(XMLAttributes.parse(xml()))
    let suite = try XCTUnwrap(document.attributes(of: "testsuite").first)
    XCTAssertEqual(suite["name"], "covgate: Demo")
    XCTAssertEqual(suite["tests"], "4")
    XCTAssertEqual(suite["failures"], "1")
    XCTAssertEqual(suite["skipped"], "2")
    XCTAssertEqual(suite["errors"], "0")
    let cases = document.attributes(of: "testcase")
    XCTAssertEqual(
      cases.map { $0["classname"] },
      ["minimum.layer", "target.layer", "fileMinimum.file", "targetWithoutData.target"])
    XCTAssertEqual(
      cases.map { $0["name"] },
      ["logic lines", "logic lines", "Sources/Parser/Lexer.swift lines", "CShim"])
    XCTAssertEqual(
      document.attributes(of: "failure").map { $0["message"] }, [SampleReport.verdicts[2].message])
    XCTAssertEqual(
      document.attributes(of: "skipped").map { $0["message"] },
      [SampleReport.verdicts[1].message, SampleReport.verdicts[3].message])
    XCTAssertEqual(document.texts(of: "system-out"), SampleReport.verdicts.map(\.message))
  }

  func testNotApplicableIsSkippedAndNoVerdictsIsAnEmptySuite() throws {
    var report = SampleReport.report
    report.gate = GateResult(verdicts: [
      Verdict(
        rule: .minimum, scopeKind: .layer, scope: "ui-glue", metric: .lines, actual: .zero,
        required: 60, status: .notApplicable, message: "ui-glue: lines n/a")
    ])
    let document = try XCTUnwrap(XMLAttributes.parse(xml(report)))
    XCTAssertEqual(document.attributes(of: "skipped").map { $0["message"] }, ["ui-glue: lines n/a"])
    report.gate = GateResult(verdicts: [])
    let empty = try XCTUnwrap(XMLAttributes.parse(xml(report)))
    XCTAssertEqual(empty.attributes(of: "testsuite").first?["tests"], "0")
    XCTAssertTrue(empty.attributes(of: "testcase").isEmpty)
  }

  func testMessagesAreEscaped() throws {
    var report = SampleReport.report
    let message = "Sources/<img src=x onerror=alert(1)>.swift: \"40%\" & 'less' ]]>\nsecond line"
    report.gate.verdicts[2].message = message
    report.gate.verdicts[2].scope = "Sources/<img src=x onerror=alert(1)>.swift"
    let text = xml(report)
    XCTAssertFalse(text.contains("<img"))
    XCTAssertFalse(text.contains("]]>"))
    let document = try XCTUnwrap(XMLAttributes.parse(text))
    XCTAssertEqual(document.attributes(of: "failure").first?["message"], message)
    XCTAssertEqual(document.texts(of: "failure"), [message])
    XCTAssertEqual(
      document.attributes(of: "testcase")[2]["name"],
      "Sources/<img src=x onerror=alert(1)>.swift lines")
  }

  /// junitparser, a common JUnit reader, reads the file back and agrees on every count.
  func testJunitparserReadsItBackWithTheSameCounts() throws {
    try ExternalTool.requirePython("junitparser")
    var hostile = SampleReport.report
    hostile.gate.verdicts[1].message = "<b>&amp;</b> \"q\" ]]> 100%\nnext"
    for (name, report) in [("sample", SampleReport.report), ("hostile", hostile)] {
      let path = try ExternalTool.write(xml(report), named: "junit.xml", for: self)
      let script = """
        import sys
        from junitparser import JUnitXml, Failure, Skipped, Error
        xml = JUnitXml.fromfile(sys.argv[1])
        for suite in xml:
            cases = list(suite)
            failed = sum(1 for c in cases if any(isinstance(r, Failure) for r in c.result))
            skipped = sum(1 for c in cases if any(isinstance(r, Skipped) for r in c.result))
            errors = sum(1 for c in cases if any(isinstance(r, Error) for r in c.result))
            print(suite.tests, suite.failures, suite.skipped, suite.errors, len(cases), failed, skipped, errors)
            for c in cases:
                for r in c.result:
                    print(repr(r.message))
        """
      let result = ExternalTool.run(["python3", "-c", script, path])
      XCTAssertEqual(result.status, 0, "\(name): \(result.output)")
      let lines = result.output.split(separator: "\n").map(String.init)
      XCTAssertEqual(lines.first, "4 1 2 0 4 1 2 0", "\(name): \(result.output)")
      if name == "hostile" {
        XCTAssertTrue(
          lines.contains("'<b>&amp;</b> \"q\" ]]> 100%\\nnext'"), "\(name): \(result.output)")
      }
    }
  }
}
