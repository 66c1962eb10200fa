import CoverageModel
import Foundation
import Mutation
import XCTest

@testable import CoverageReports

/// `covgate mutate`'s text, Markdown and HTML reports: survivors of one line that the same tests
/// ran are one entry, and the page fits a phone however long the test names are.
final class MutationReportTests: XCTestCase {
  /// A test name as XCTest writes one for a long, descriptive test: one word of 110 letters,
  /// wider than a phone, with no place a browser would break it by itself.
  private let longTest =
    "CheckoutFeatureTests.CheckoutTests/testThatTheBulkDiscountIsAppliedOnlyAboveOneHundredItemsEvenWhenTheCartHoldsGiftCards"

  private func report(tests: [String]? = nil) -> MutationReport {
    let tests = tests ?? [longTest]
    func mutant(_ id: Int, line: Int, _ kind: MutationOperator, _ mutated: String) -> MutantResult {
      MutantResult(
        mutant: Mutant(
          id: id, file: "Sources/Shop/Discount.swift", line: line, column: 5, kind: kind,
          original: "count > 100", mutated: mutated),
        target: "Shop", layer: "logic", outcome: .survived, tests: tests)
    }
    return MutationReport(
      packageName: "Shop", scope: "every line",
      results: [
        mutant(1, line: 11, .relationalBoundary, "count >= 100"),
        mutant(2, line: 11, .negatedComparison, "count <= 100"),
        mutant(3, line: 12, .relationalBoundary, "count >= 100"),
      ],
      skipped: [], seconds: .init(baseline: 1, build: 1, mutants: 1))
  }

  func testOneLinesSurvivorsAreOneEntryInText() {
    let text = MutationTextReport.render(report(tests: ["T.A/testA"]))
    XCTAssertTrue(
      text.contains(
        """
          Sources/Shop/Discount.swift:11  2 faults on this line:
            :5  relational-boundary  `count > 100` -> `count >= 100`
            :5  negated-comparison  `count > 100` -> `count <= 100`
            ran by T.A/testA
          Sources/Shop/Discount.swift:12:5  relational-boundary  `count > 100` -> `count >= 100`
            ran by T.A/testA

        """), text)
  }

  func testOneLinesSurvivorsAreOneEntryInMarkdown() {
    let markdown = MutationMarkdownReport.render(report(tests: ["T.A/testA"]))
    let entries = markdown.split(separator: "\n").filter { $0.hasPrefix("- ") }
    XCTAssertEqual(
      entries,
      [
        "- `Sources/Shop/Discount.swift:11` relational-boundary: `count > 100` → `count >= 100`; negated-comparison: `count > 100` → `count <= 100`, ran by T.A/testA",
        "- `Sources/Shop/Discount.swift:12` relational-boundary: `count > 100` → `count >= 100`, ran by T.A/testA",
      ])
    XCTAssertTrue(markdown.contains("<summary>3 survivors</summary>"), markdown)
  }

  func testSurvivorsOfOneLineRanByOtherTestsStayApart() {
    var report = report(tests: ["T.A/testA"])
    report.results[1].tests = ["T.B/testB"]
    XCTAssertEqual(
      SurvivorGroup.grouping(report.survivors).map { "\($0.line) \($0.mutants.count)" },
      ["11 1", "11 1", "12 1"])
  }

  func testThePageGroupsALinesSurvivors() {
    let html = MutationHTMLReport.render(
      report(), sources: ["Sources/Shop/Discount.swift": "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nm\n"])
    XCTAssertEqual(
      html.components(separatedBy: "<section>").count - 1, 2, "two lines, two sections")
    XCTAssertTrue(html.contains("relational-boundary, negated-comparison</h3>"), html)
  }

  /// A shard's part has no verdicts: none of its reports says it passed.
  func testAShardsReportsSayItIsNotGatedAlone() {
    var part = report()
    part.shard = MutationShard(
      index: 2, count: 3, commit: "abc", baseCommit: nil, mutantsDigest: "0",
      expectedMilliseconds: [nil, nil, nil, nil, nil, nil], mutants: [2, 5])
    let text = MutationTextReport.render(part)
    XCTAssertTrue(text.contains("  shard 2/3: 2 of the run's 6 mutants\n"), text)
    XCTAssertTrue(
      text.hasSuffix(
        "Mutation gate: not judged on shard 2/3 alone; covgate mutate merge gates the whole run\n"),
      text)
    XCTAssertFalse(text.contains("PASSED"), text)
    let markdown = MutationMarkdownReport.render(part)
    XCTAssertTrue(
      markdown.hasPrefix("### covgate mutate: shard 2/3, not gated alone\n"), markdown)
    let html = MutationHTMLReport.render(part, sources: [:])
    XCTAssertTrue(html.contains(">Shard 2/3, not gated alone</strong>"), html)
    XCTAssertFalse(html.contains(">Passed<"), html)
  }

  /// At 390 px the page is no wider than the screen, with test names longer than it.
  func testThePageFitsAPhone() throws {
    let chromium = try ExternalTool.chromium()
    let source = (1...20).map { "let line\($0) = \($0)" }.joined(separator: "\n")
    let page = MutationHTMLReport.render(
      report(tests: [longTest, longTest + "Again"]),
      sources: ["Sources/Shop/Discount.swift": source])
    let site = try ExternalTool.writeSite(
      [RenderedFile(path: MutationHTMLReport.fileName, contents: page)], for: self)
    let checker = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
        "ci/check_layout.py"
      ).path

    let run = ExternalTool.run(["python3", checker, chromium, site.path, "--pages", "0"])

    XCTAssertEqual(run.status, 0, run.output)
    XCTAssertTrue(
      run.output.contains("1 pages at 1400x900, 1920x1080, 390x844: 0 faults"), run.output)
  }
}
