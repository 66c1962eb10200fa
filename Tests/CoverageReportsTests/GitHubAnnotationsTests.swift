import CoverageModel
import XCTest

@testable import CoverageReports

final class GitHubAnnotationsTests: XCTestCase {
  func testFailuresThenWarnings() {
    XCTAssertEqual(
      GitHubAnnotations().lines(SampleReport.report),
      [
        "::error file=Sources/Parser/Lexer.swift,line=1,title=covgate::Sources/Parser/Lexer.swift: lines 40.00%25 (40/100) is below the file minimum 50%25",
        "::warning title=covgate::logic: lines 63.33%25 (190/300) is below the target 70%25",
        "::warning title=covgate::logic: target CShim has no coverage data (2 files, 48 lines): C-family target: SwiftPM does not instrument it",
      ])
  }

  func testAFileVerdictPointsAtItsFirstLineThatNeverRan() {
    XCTAssertEqual(
      GitHubAnnotations().lines(SampleReport.withLines).first,
      "::error file=Sources/Parser/Lexer.swift,line=42,title=covgate::Sources/Parser/Lexer.swift: lines 40.00%25 (40/100) is below the file minimum 50%25"
    )
  }

  func testPathsGetThePrefixOfThePackageInTheRepository() {
    XCTAssertTrue(
      GitHubAnnotations(pathPrefix: "Packages/Demo/").lines(SampleReport.report)[0].hasPrefix(
        "::error file=Packages/Demo/Sources/Parser/Lexer.swift,line=1,"))
  }

  func testPassedAndNotApplicableVerdictsAreNotAnnotated() {
    var report = SampleReport.report
    report.gate = GateResult(verdicts: [
      SampleReport.verdicts[0],
      Verdict(
        rule: .minimum, scopeKind: .layer, scope: "ui-glue", metric: .lines, actual: .zero,
        required: 60, status: .notApplicable, message: "n/a"),
    ])
    XCTAssertEqual(GitHubAnnotations().lines(report), [])
  }

  func testDataAndPropertiesAreEscapedAsGitHubDoes() {
    var report = SampleReport.report
    report.files[3].path = "Sources/a:b,c%d\r\n.swift"
    report.gate = GateResult(verdicts: [
      Verdict(
        rule: .fileMinimum, scopeKind: .file, scope: "Sources/a:b,c%d\r\n.swift", metric: .lines,
        actual: Metric(covered: 1, count: 2), required: 60, status: .failed,
        message: "50% of a:b,c\r\nnext\nline ::warning::x")
    ])
    XCTAssertEqual(
      GitHubAnnotations().lines(report),
      [
        "::error file=Sources/a%3Ab%2Cc%25d%0D%0A.swift,line=1,title=covgate::50%25 of a:b,c%0D%0Anext%0Aline ::warning::x"
      ])
  }

  func testEscaping() {
    XCTAssertEqual(GitHubAnnotations.escapeData("100%\r\n:,"), "100%25%0D%0A:,")
    XCTAssertEqual(GitHubAnnotations.escapeProperty("100%\r\n:,"), "100%25%0D%0A%3A%2C")
  }
}
