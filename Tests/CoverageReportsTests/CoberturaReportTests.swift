import CoverageModel
import Foundation
import XCTest

@testable import CoverageReports

final class CoberturaReportTests: XCTestCase {
  private func xml(_ report: CoverageReport = SampleReport.withLines) -> String {
    CoberturaReport().xml(report)
  }

  /// A report whose names try to break out of attributes and text.
  private var hostile: CoverageReport {
    var report = SampleReport.withLines
    report.packageRoot = "/work/a&b <c>"
    report.files[0].path = "Sources/Core/<img src=x onerror=alert(1)>.swift"
    report.files[0].coverage.functions[0].displayName = "f(\"q\", 'a') ]]> & <x>"
    report.layers[0].targets[0].name = "Core\"]]>"
    report.files[0].target = "Core\"]]>"
    report.files[1].target = "Core\"]]>"
    return report
  }

  func testMatchesGolden() throws {
    try Golden.assertMatches(xml(), "cobertura.xml")
  }

  func testRenderGivesOneFile() {
    let files = CoberturaReport().render(SampleReport.report)
    XCTAssertEqual(files.map(\.path), ["cobertura.xml"])
    XCTAssertEqual(files.first?.contents, xml(SampleReport.report))
  }

  func testFiguresComeFromTheSummaries() throws {
    let document = try XCTUnwrap(XMLAttributes.parse(xml()))
    let coverage = try XCTUnwrap(document.attributes(of: "coverage").first)
    XCTAssertEqual(coverage["lines-covered"], "190")
    XCTAssertEqual(coverage["lines-valid"], "330")
    XCTAssertEqual(coverage["line-rate"], "0.5757")
    XCTAssertEqual(coverage["branch-rate"], "0")
    XCTAssertEqual(coverage["timestamp"], "0")
    XCTAssertEqual(document.texts(of: "source"), ["/work/demo"])
    let packages = document.attributes(of: "package")
    XCTAssertEqual(packages.map { $0["name"] }, ["CShim", "Core", "DemoApp", "Parser"])
    XCTAssertEqual(packages.map { $0["line-rate"] }, ["0", "0.75", "0", "0.4"])
    let classes = document.attributes(of: "class")
    XCTAssertEqual(
      classes.map { $0["filename"] },
      [
        "Sources/Core/Engine.swift", "Sources/Core/Store.swift", "Sources/DemoApp/main.swift",
        "Sources/Parser/Lexer.swift",
      ])
    XCTAssertEqual(classes.map { $0["line-rate"] }, ["0.8", "0.6", "0", "0.4"])
    let methods = document.attributes(of: "method")
    XCTAssertEqual(methods.first?["name"], "run()")
    XCTAssertEqual(methods.first?["signature"], "")
    XCTAssertEqual(methods.map { $0["line-rate"] }.prefix(2), ["1", "0"])
  }

  func testRatesAreTruncatedNeverRoundedUp() {
    XCTAssertEqual(CoberturaReport.rate(Metric(covered: 9999, count: 10000)), "0.9999")
    XCTAssertEqual(CoberturaReport.rate(Metric(covered: 99_999, count: 100_000)), "0.9999")
    XCTAssertEqual(CoberturaReport.rate(Metric(covered: 10, count: 10)), "1")
    XCTAssertEqual(CoberturaReport.rate(Metric(covered: 1, count: 3)), "0.3333")
    XCTAssertEqual(CoberturaReport.rate(Metric(covered: 1, count: 10_000)), "0.0001")
    XCTAssertEqual(CoberturaReport.rate(Metric(covered: 1, count: 10_001)), "0")
    XCTAssertEqual(CoberturaReport.rate(.zero), "0")
  }

  func testIsDeterministic() {
    XCTAssertEqual(Set((0..<5).map { _ in xml() }).count, 1)
  }

  func testNamesFromTheDataAreEscaped() throws {
    let text = xml(hostile)
    XCTAssertFalse(text.contains("<img"))
    XCTAssertFalse(text.contains("]]>"))
    let document = try XCTUnwrap(XMLAttributes.parse(text), "not well-formed")
    XCTAssertEqual(
      document.attributes(of: "class").first?["filename"],
      "Sources/Core/<img src=x onerror=alert(1)>.swift")
    XCTAssertEqual(document.attributes(of: "method").first?["name"], "f(\"q\", 'a') ]]> & <x>")
    XCTAssertEqual(
      document.attributes(of: "package").map { $0["name"] }.contains("Core\"]]>"), true)
    XCTAssertEqual(document.texts(of: "source"), ["/work/a&b <c>"])
  }

  func testValidatesAgainstTheDTD() throws {
    try ExternalTool.require("xmllint")
    let dtd = ExternalTool.fixture("coverage-04.dtd")
    for (name, report) in [
      ("lines", SampleReport.withLines), ("summaries", SampleReport.report), ("hostile", hostile),
      ("branches", SampleReport.withBranches),
    ] {
      let path = try ExternalTool.write(xml(report), named: "cobertura.xml", for: self)
      let result = ExternalTool.run(["xmllint", "--noout", "--dtdvalid", dtd, path])
      XCTAssertEqual(result.status, 0, "\(name): \(result.output)")
    }
  }

  /// Derived branches: rates on every level, and per line with decisions the outcomes taken,
  /// which pycobertura reads back as the same rates.
  func testDerivedBranchesAreRatesAndConditionCoverage() throws {
    let report = SampleReport.withBranches
    let text = xml(report)
    let last = report.files[0].summary.lines.count + 1
    XCTAssertTrue(
      text.contains(
        "<line number=\"2\" hits=\"1\" branch=\"true\" condition-coverage=\"50% (1/2)\"/>"), text)
    XCTAssertTrue(
      text.contains(
        "<line number=\"3\" hits=\"2\" branch=\"true\" condition-coverage=\"100% (2/2)\"/>"), text)
    XCTAssertTrue(
      text.contains(
        "<line number=\"\(last)\" hits=\"0\" branch=\"true\" condition-coverage=\"0% (0/2)\"/>"),
      text)
    XCTAssertTrue(text.contains("branches-covered=\"3\" branches-valid=\"6\""), text)
    try ExternalTool.requirePython("pycobertura")
    let path = try ExternalTool.write(text, named: "cobertura.xml", for: self)
    let rates = ExternalTool.run([
      "python3", "-c",
      "import sys; from pycobertura import Cobertura; c = Cobertura(sys.argv[1]); "
        + "print(repr(c.branch_rate())); print(repr(c.branch_rate(c.files()[0])))",
      path,
    ])
    XCTAssertEqual(rates.status, 0, rates.output)
    XCTAssertEqual(rates.output.split(separator: "\n").map(String.init), ["0.5", "0.5"])
  }

  /// pycobertura reads our rates and recounts our lines, and both agree: `pycobertura show`
  /// works, its line rates (`Cobertura.line_rate()`, from the attributes) equal the figures it
  /// recounts from `<line>` elements, which are the line view's.
  func testPycoberturaShowsOurFigures() throws {
    try ExternalTool.requirePython("pycobertura")
    // A file whose summary counts more lines than its view holds, as llvm-cov's summaries do
    // when a closure and its parent share lines: rates and rows both follow the view.
    var report = SampleReport.withLines
    report.files[0].coverage.lineView = SampleReport.lineView(Metric(covered: 110, count: 130))
    for (name, report) in [("consistent", SampleReport.withLines), ("shared lines", report)] {
      let path = try ExternalTool.write(xml(report), named: "cobertura.xml", for: self)
      let text = ExternalTool.run(["python3", "-m", "pycobertura", "show", path])
      XCTAssertEqual(text.status, 0, "\(name): \(text.output)")
      XCTAssertTrue(text.output.contains("Sources/Parser/Lexer.swift"), text.output)

      let rates = ExternalTool.run([
        "python3", "-c",
        "import sys; from pycobertura import Cobertura; c = Cobertura(sys.argv[1]); "
          + "print(repr(c.line_rate())); [print(f, repr(c.line_rate(f))) for f in c.files()]",
        path,
      ])
      XCTAssertEqual(rates.status, 0, rates.output)
      // Python prints the floats as Swift does (shortest round-trip form).
      let views = report.files.map { $0.coverage.lineView?.metric ?? .zero }
      let expected =
        ["\(Double(CoberturaReport.rate(views.reduce(.zero, +)))!)"]
        + zip(report.files, views).map { "\($0.path) \(Double(CoberturaReport.rate($1))!)" }
      XCTAssertEqual(rates.output.split(separator: "\n").map(String.init), expected, name)

      let json = ExternalTool.run([
        "python3", "-m", "pycobertura", "show", "--format", "json", path,
      ])
      XCTAssertEqual(json.status, 0, json.output)
      let document = try XCTUnwrap(
        try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
      let rows = try XCTUnwrap(document["files"] as? [[String: Any]])
      XCTAssertEqual(rows.count, report.files.count)
      var viewTotal = Metric.zero
      for (row, file) in zip(rows, report.files) {
        let view = try XCTUnwrap(file.coverage.lineView?.metric)
        viewTotal += view
        XCTAssertEqual(row["Filename"] as? String, file.path)
        XCTAssertEqual(row["Stmts"] as? Int, view.count, file.path)
        XCTAssertEqual(row["Miss"] as? Int, view.missed, file.path)
      }
      let total = try XCTUnwrap(document["total"] as? [String: Any])
      XCTAssertEqual(total["Stmts"] as? Int, viewTotal.count, name)
      XCTAssertEqual(total["Miss"] as? Int, viewTotal.missed, name)
    }
    // With views that agree with the summaries, pycobertura's recount is our total.
    let lines = SampleReport.withLines.totals.lines
    XCTAssertEqual(
      SampleReport.withLines.files.compactMap(\.coverage.lineView?.metric).reduce(.zero, +), lines)
  }
}
