import CoverageModel
import XCTest

@testable import CoverageReports

/// Derived branches on file pages: a badge after each line with decisions, opening into the
/// list of its outcomes.
final class HTMLBranchesTests: XCTestCase {
  /// The Greeter with its `guard` (line 4) taken one way of two.
  private var report: CoverageReport {
    var report = HTMLSample.report
    let guardDecision = Decision(
      kind: .guard, location: SourceLocation(line: 4, column: 5), reached: 1500,
      outcomes: [
        Outcome(label: "else", line: 4, count: 0), Outcome(label: "pass", line: 4, count: 1500),
      ])
    report.files[0].coverage.branches = DerivedBranches(decisions: [guardDecision])
    return report
  }

  func testALineWithADecisionShowsItsOutcomesTaken() {
    let page = HTMLSample.page(in: HTMLSample.render(report))
    let row = page.components(separatedBy: "<tr id=L4 ")[1].components(separatedBy: "\n")[0]
    XCTAssertTrue(
      row.hasSuffix(
        "<details class=\"br-list\"><summary class=\"br some\" title=\"guard reached 1500: else 0, pass 1500\">"
          + "<span class=\"sr-only\">derived branches taken: </span>1/2</summary><ul><li>guard at 4:5, "
          + "reached 1500: <span class=\"not-taken\">else 0 (never taken)</span>, "
          + "<span class=\"taken\">pass 1500</span></li></ul></details></td>"), row)
    XCTAssertEqual(
      page.components(separatedBy: "class=\"br ").count - 1, 2, "the badge and its legend key")
    XCTAssertTrue(page.contains("derived branches taken</span>"))
  }

  /// A line whose decision the regions do not prove shows `n/a`, opening into its reason.
  func testALineWithADecisionNotDerivableSaysWhy() {
    var report = report
    report.files[0].coverage.branches?.notDerivable = [
      NotDerivable(
        kind: .and, location: SourceLocation(line: 5, column: 12),
        reason: "in a later condition of a list (only the first has a region)"),
      NotDerivable(
        kind: .while, location: SourceLocation(line: 5, column: 3),
        reason: "contradicted: exit 2 by the reach, 1 by a second region", contradicted: true),
    ]
    let page = HTMLSample.page(in: HTMLSample.render(report))
    let row = page.components(separatedBy: "<tr id=L5")[1].components(separatedBy: "\n")[0]
    XCTAssertTrue(
      row.hasSuffix(
        "<details class=\"br-list\"><summary class=\"br na\" title=\"2 decisions not derivable\">"
          + "<span class=\"sr-only\">branches not derivable: </span>n/a</summary><ul>"
          + "<li>&amp;&amp; at 5:12, not derivable: in a later condition of a list (only the first has a region)</li>"
          + "<li>while at 5:3, contradicted: exit 2 by the reach, 1 by a second region</li>"
          + "</ul></details></td>"), row)
  }

  /// The index and the Markdown summary show the derived branches' totals, named as derived;
  /// without derived branches neither has the column.
  func testTheIndexAndTheMarkdownShowTheBranchTotals() throws {
    var report = report
    report.files[0].coverage.summary.branches = Metric(covered: 1, count: 2)
    report.totals.branches = Metric(covered: 1, count: 2)
    let index = try XCTUnwrap(HTMLSample.render(report)["index.html"])
    XCTAssertTrue(index.contains("<div class=\"card-name\">Branches (derived)</div>"), index)
    XCTAssertTrue(index.contains("50.00%"), "the branch total")
    let markdown = MarkdownReport().markdown(report)
    XCTAssertTrue(markdown.contains("| Regions | Branches (derived) |"), markdown)
    XCTAssertTrue(markdown.contains("| **TOTAL** |  |"), markdown)
    XCTAssertTrue(
      markdown.split(separator: "\n").first { $0.hasPrefix("| **TOTAL**") }!.hasSuffix(
        "| 50.00% (1/2) |"), markdown)
    let plain = try XCTUnwrap(HTMLSample.render()["index.html"])
    XCTAssertFalse(plain.contains("Branches (derived)"))
    XCTAssertFalse(MarkdownReport().markdown(HTMLSample.report).contains("Branches"))
  }

  func testWithoutDerivedBranchesThereIsNoBadge() {
    let page = HTMLSample.page(in: HTMLSample.render())
    XCTAssertFalse(page.contains("class=\"br "))
  }

  func testTheBadgeSaysAllSomeOrNone() {
    func badge(_ counts: [UInt64]) -> String {
      FilePage.branchBadge([
        Decision(
          kind: .and, location: SourceLocation(line: 1, column: 1), reached: counts.reduce(0, +),
          outcomes: counts.map { Outcome(label: "x", line: 1, count: $0) })
      ])
    }
    XCTAssertTrue(badge([1, 2]).contains("<summary class=\"br all\""))
    XCTAssertTrue(badge([0, 2]).contains("<summary class=\"br some\""))
    XCTAssertTrue(badge([0, 0]).contains("<summary class=\"br none\""))
  }

  func testTheIndexListsTheRiskiestFunctionsLinkedToTheirLines() throws {
    var report = report
    report.files[0].coverage.risks = [
      FunctionRisk(
        name: "$s1a", displayName: "Greeter.greet(_:)", line: 3, complexity: 2,
        regions: Metric(covered: 1, count: 2)),
      FunctionRisk(
        name: "$s1b", displayName: "Greeter.unused() <T>", line: 8, complexity: 1,
        regions: Metric(covered: 0, count: 1)),
    ]
    let index = try XCTUnwrap(HTMLSample.render(report)["index.html"])
    let table = index.components(separatedBy: "<table class=\"risks sortable\" id=\"risks\">")[1]
      .components(separatedBy: "</table>")[0]
    let rows = table.components(separatedBy: "<tr><td").dropFirst()
    XCTAssertEqual(rows.count, 2)
    XCTAssertTrue(rows.first!.hasPrefix(" class=\"num\" data-sort=\"2.5\">2.5</td>"), rows.first!)
    // Long names and paths may wrap between their parts (after ".", "(", ":", "/").
    XCTAssertTrue(rows.first!.contains("Greeter.<wbr>greet(<wbr>_:<wbr>)"), rows.first!)
    XCTAssertTrue(rows.last!.contains("Greeter.<wbr>unused(<wbr>) &lt;T&gt;"), "names are escaped")
    XCTAssertTrue(
      table.contains("#L3\">Sources/<wbr>Core/<wbr>Greeter.<wbr>swift:<wbr>3</a>"), table)
  }
}
