import CoverageModel
import Foundation
import Mutation
import XCTest

@testable import CoverageReports

/// What each of `covgate mutate`'s reports says of one run with every outcome: the counts and
/// the score per layer, each survivor at its place with its change, the gate's verdict.
final class MutationRenderersTests: XCTestCase {
  private static let cart = "Sources/Shop/Cart.swift"
  private static let tax = "Sources/Shop/Tax.swift"

  /// Eight mutants of the `logic` layer, one of each outcome but two survivors (in two files),
  /// and a failed verdict: the score is 2 killed of 4 (timeouts, mutants no test ran,
  /// unviable and accepted ones are not in it).
  private let report: MutationReport = {
    func result(
      _ id: Int, _ file: String, line: Int, _ outcome: MutationOutcome,
      kind: MutationOperator = .negatedComparison, original: String = "a < b",
      mutated: String = "a >= b", killedBy: String? = nil
    ) -> MutantResult {
      MutantResult(
        mutant: Mutant(
          id: id, file: file, line: line, column: 9, kind: kind, original: original,
          mutated: mutated),
        target: "Shop", layer: "logic", outcome: outcome, killedBy: killedBy,
        tests: outcome == .noCoverage ? [] : ["ShopTests.CartTests/testTotal"])
    }
    var report = MutationReport(
      packageName: "Shop", scope: "lines changed since main",
      results: [
        result(1, cart, line: 3, .killed, killedBy: "ShopTests.CartTests/testTotal"),
        result(2, cart, line: 4, .crashed, killedBy: "ShopTests.CartTests/testTotal"),
        result(3, cart, line: 7, .survived),
        result(
          4, tax, line: 12, .survived, kind: .removedCall, original: "audit(total)", mutated: ""),
        result(5, tax, line: 14, .timedOut, killedBy: "ShopTests.TaxTests/testRate"),
        result(6, tax, line: 20, .noCoverage),
        result(7, tax, line: 21, .unviable),
        result(8, tax, line: 22, .accepted),
      ],
      skipped: [], seconds: .init(baseline: 1, build: 2, mutants: 3))
    report.verdicts = [
      Verdict(
        rule: .mutation, scopeKind: .layer, scope: "logic", metric: nil,
        actual: Metric(covered: 2, count: 4), required: 80, status: .failed,
        message: "logic: mutation score 50.00% (2 of 4 killed) is below the minimum 80%")
    ]
    return report
  }()

  func testTheTextReportCountsEveryOutcomeAndPlacesEachSurvivor() {
    let text = MutationTextReport.render(report)
    let lines = text.components(separatedBy: "\n")
    XCTAssertEqual(lines.first, "covgate mutate: Shop, lines changed since main")
    XCTAssertTrue(
      lines.contains(
        "  8 mutants: 1 killed, 1 crashed, 1 timed out, 2 survived, 1 no coverage, 1 unviable, 1 accepted; no code in scope skipped"
      ), text)
    XCTAssertTrue(
      lines.contains {
        $0.hasPrefix("logic") && $0.contains("50.00% (2/4)")
          && $0.split(separator: " ").suffix(5) == ["2", "2", "1", "1", "1"]
      }, text)
    XCTAssertTrue(
      lines.contains("  \(Self.cart):7:9  negated-comparison  `a < b` -> `a >= b`"), text)
    XCTAssertTrue(lines.contains("  \(Self.tax):12:9  removed-call  `audit(total)` removed"), text)
    XCTAssertTrue(
      lines.contains("  \(Self.tax):14  `a < b` -> `a >= b`  in ShopTests.TaxTests/testRate"), text)
    XCTAssertTrue(
      lines.contains(
        "  FAIL logic: mutation score 50.00% (2 of 4 killed) is below the minimum 80%"), text)
    XCTAssertEqual(lines.suffix(2), ["Mutation gate FAILED", ""])
    // Killed, uncovered and accepted mutants are not listed one by one.
    XCTAssertFalse(text.contains(":3:9"), text)
    XCTAssertFalse(text.contains(":22"), text)
  }

  func testTheMarkdownReportHasTheLayersRowTheVerdictAndTheSurvivors() {
    let markdown = MutationMarkdownReport.render(report)
    let lines = markdown.components(separatedBy: "\n")
    XCTAssertEqual(lines.first, "### covgate mutate: failed")
    XCTAssertTrue(lines.contains("8 mutants on lines changed since main."), markdown)
    XCTAssertTrue(lines.contains("| logic | 50.00% | 2 | 2 | 1 | 1 | 1 |"), markdown)
    XCTAssertTrue(
      lines.contains("**logic: mutation score 50.00% (2 of 4 killed) is below the minimum 80%**"),
      markdown)
    XCTAssertTrue(lines.contains("<details><summary>2 survivors</summary>"), markdown)
    XCTAssertTrue(
      lines.contains(
        "- `\(Self.cart):7` negated-comparison: `a < b` → `a >= b`, ran by ShopTests.CartTests/testTotal"
      ), markdown)
    XCTAssertTrue(
      lines.contains(
        "- `\(Self.tax):12` removed-call: `audit(total)` removed, ran by ShopTests.CartTests/testTotal"
      ), markdown)
  }

  func testTheHTMLPageShowsEachSurvivorInItsSource() {
    let source = (1...10).map { "let line\($0) = \($0)" }.joined(separator: "\n")
    let html = MutationHTMLReport.render(report, sources: [Self.cart: source])
    XCTAssertTrue(html.contains("<title>covgate mutate: Shop</title>"))
    XCTAssertTrue(html.contains("<strong class=\"failed\">Failed</strong>"))
    XCTAssertTrue(
      html.contains(
        "<tr><td>logic</td><td>50.00%</td><td>2</td><td>2</td><td>1</td><td>1</td><td>1</td></tr>"),
      html)
    XCTAssertTrue(html.contains("<h2>2 survivors</h2>"))
    XCTAssertTrue(html.contains("<code>\(Self.cart):7</code> negated-comparison</h3>"), html)
    XCTAssertTrue(
      html.contains(
        "<code class=\"before\">a &lt; b</code> becomes <code class=\"after\">a &gt;= b</code>"),
      html)
    XCTAssertTrue(html.contains("<code>\(Self.tax):12</code> removed-call</h3>"), html)
    XCTAssertTrue(html.contains("nothing (the call is removed)"), html)
    // Two lines either side of the survivor's, its own marked.
    XCTAssertTrue(
      html.contains(
        "<pre><span><b>5</b> let line5 = 5</span><span><b>6</b> let line6 = 6</span><span class=\"survivor\"><b>7</b> let line7 = 7</span><span><b>8</b> let line8 = 8</span><span><b>9</b> let line9 = 9</span></pre>"
      ), html)
  }

  func testSonarQubeGetsOneIssuePerSurvivorAtItsLine() throws {
    let text = try MutationSonarQubeReport.render(report)
    let json = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let issues = try XCTUnwrap(json["issues"] as? [[String: Any]])
    let locations = issues.compactMap { $0["primaryLocation"] as? [String: Any] }
    XCTAssertEqual(locations.compactMap { $0["filePath"] as? String }, [Self.cart, Self.tax])
    XCTAssertEqual(
      locations.compactMap { ($0["textRange"] as? [String: Any])?["startLine"] as? Int }, [7, 12])
    XCTAssertEqual(
      locations.compactMap { $0["message"] as? String },
      [
        "negated-comparison: `a < b` -> `a >= b` survives ShopTests.CartTests/testTotal",
        "removed-call: `audit(total)` removed survives ShopTests.CartTests/testTotal",
      ])
    XCTAssertEqual(
      issues.compactMap { $0["ruleId"] as? String }, ["survived-mutant"] + ["survived-mutant"])
    let rules = try XCTUnwrap(json["rules"] as? [[String: Any]])
    XCTAssertEqual(rules.compactMap { $0["id"] as? String }, ["survived-mutant"])
  }

  func testSARIFHasOneResultPerSurvivorAtItsPlace() throws {
    let text = try MutationSARIFReport.render(report, version: "1.0.0")
    let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
    let results = try XCTUnwrap(run["results"] as? [[String: Any]])
    let places = results.compactMap { result -> String? in
      guard
        let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"]
          as? [String: Any],
        let uri = (location["artifactLocation"] as? [String: Any])?["uri"] as? String,
        let line = (location["region"] as? [String: Any])?["startLine"] as? Int
      else { return nil }
      return "\(uri):\(line)"
    }
    XCTAssertEqual(places, ["\(Self.cart):7", "\(Self.tax):12"])
  }
}
