import CoverageModel
import XCTest

@testable import CoverageReports

/// A mutation run's findings in the coverage reports (`--mutation-report`): the site marks each
/// survivor on its line, the Markdown counts the mutants per layer with the first survivors,
/// GitHub annotates the survivors' lines.
final class MutationFindingsReportsTests: XCTestCase {
  private static func survivor(
    _ id: Int, file: String = HTMLSample.path, line: Int, original: String = "!name.isEmpty",
    mutated: String = "name.isEmpty", tests: [String] = ["GreeterTests.testGreets"]
  ) -> MutationFindings.Survivor {
    MutationFindings.Survivor(
      id: id, file: file, line: line, column: 11, kind: "removed-negation", original: original,
      mutated: mutated, tests: tests)
  }

  private static let findings = MutationFindings(
    layers: [
      MutationFindings.Layer(
        name: "logic", score: Metric(covered: 7, count: 9), survived: 2, timedOut: 1,
        noCoverage: 3)
    ],
    survivors: [
      survivor(7, line: 4),
      survivor(8, line: 4, original: "return \"Hello\"", mutated: "", tests: ["A", "B"]),
    ],
    page: "covgate-mutation.html")

  func testTheSiteMarksEachSurvivorOnItsLineWithItsTestsAndALinkToMutatesPage() {
    var report = HTMLSample.report
    report.mutation = Self.findings
    let page = HTMLSample.page(in: HTMLSample.render(report))
    let row = page.components(separatedBy: "<tr id=L4 ")[1].components(separatedBy: "\n")[0]
    XCTAssertTrue(
      row.hasSuffix(
        "<details class=\"br-list\"><summary class=\"br survived\" title=\"2 mutants survived the tests that ran this line\">"
          + "<span class=\"sr-only\">mutants survived: </span>2 survived</summary><ul>"
          + "<li>removed-negation at 11: <code>!name.isEmpty</code> → <code>name.isEmpty</code>; ran by GreeterTests.testGreets"
          + " · <a href=\"../covgate-mutation.html#m7\">on the mutation report</a></li>"
          + "<li>removed-negation at 11: <code>return &quot;Hello&quot;</code> removed; ran by A, B"
          + " · <a href=\"../covgate-mutation.html#m8\">on the mutation report</a></li>"
          + "</ul></details></td>"), row)
    let otherRows = page.components(separatedBy: "<tr id=L").filter { !$0.hasPrefix("4 ") }
    XCTAssertFalse(otherRows.joined().contains("survived</summary>"), "only line 4 is marked")
  }

  func testWithoutMutatesPageBesideTheSiteNoLinkIsMade() {
    var report = HTMLSample.report
    report.mutation = Self.findings
    report.mutation?.page = nil
    let page = HTMLSample.page(in: HTMLSample.render(report))
    XCTAssertTrue(page.contains("2 survived</summary>"))
    XCTAssertFalse(page.contains("#m7"))
  }

  func testWithoutFindingsNoPageChanges() {
    XCTAssertFalse(HTMLSample.page(in: HTMLSample.render()).contains("survived"))
    XCTAssertFalse(MarkdownReport().markdown(HTMLSample.report).contains("Mutation testing"))
    XCTAssertFalse(GitHubAnnotations().lines(HTMLSample.report).contains { $0.contains("mutate") })
  }

  func testTheMarkdownCountsPerLayerAndShowsTheFirstSurvivors() {
    var report = HTMLSample.report
    var findings = Self.findings
    findings.survivors = (1...7).map { Self.survivor($0, line: $0) }
    report.mutation = findings
    let markdown = MarkdownReport().markdown(report)
    XCTAssertTrue(
      markdown.contains(
        """
        **Mutation testing**

        | Layer | Score | Survived | Timed out | No coverage |
        |---|---:|---:|---:|---:|
        | logic | 77.77% (7/9) | 2 | 1 | 3 |

        - `Sources/Core/Greeter.swift:1` removed-negation: `!name.isEmpty` → `name.isEmpty`, ran by GreeterTests.testGreets
        """), markdown)
    XCTAssertTrue(markdown.contains("Greeter.swift:5` removed-negation"))
    XCTAssertFalse(markdown.contains("Greeter.swift:6`"), "five survivors at most")
    XCTAssertTrue(markdown.contains("- ... and 2 more (covgate-mutation.md lists them all)"))
  }

  func testGitHubAnnotatesEachSurvivorOnItsLine() {
    var report = HTMLSample.report
    report.mutation = Self.findings
    let lines = GitHubAnnotations(pathPrefix: "Pkg/").lines(report).filter {
      $0.contains("mutate")
    }
    XCTAssertEqual(
      lines,
      [
        "::warning file=Pkg/Sources/Core/Greeter.swift,line=4,col=11,title=covgate mutate%3A survived::removed-negation: `!name.isEmpty` → `name.isEmpty` and every test that ran the line still passed (ran by GreeterTests.testGreets); add an assertion that tells them apart",
        "::warning file=Pkg/Sources/Core/Greeter.swift,line=4,col=11,title=covgate mutate%3A survived::removed-negation: `return \"Hello\"` removed and every test that ran the line still passed (ran by A, B); add an assertion that tells them apart",
      ])
  }
}
