import CoverageModel
import Foundation
import Mutation
import XCTest

@testable import CoverageReports

/// `covgate mutate --format sarif`: valid SARIF 2.1.0 by the official schema (a copy of the
/// OASIS sarif-spec repository's `sarif-2.1/schema/sarif-schema-2.1.0.json`, errata 01, in
/// `Fixtures/`), one warning per surviving mutant at its place, a rule per operator.
final class MutationSARIFReportTests: XCTestCase {
  private func report() -> MutationReport {
    func result(
      _ id: Int, line: Int, _ kind: MutationOperator, _ mutated: String, _ outcome: MutationOutcome
    )
      -> MutantResult
    {
      MutantResult(
        mutant: Mutant(
          id: id, file: "Sources/Shop/Discount.swift", line: line, column: 12, kind: kind,
          original: "count > 100", mutated: mutated),
        target: "Shop", layer: "logic", outcome: outcome,
        tests: ["ShopTests.DiscountTests/testBulk", "ShopTests.DiscountTests/testNone"])
    }
    return MutationReport(
      packageName: "Shop", scope: "every line",
      results: [
        result(1, line: 11, .relationalBoundary, "count >= 100", .survived),
        result(2, line: 11, .negatedComparison, "count <= 100", .killed),
        result(3, line: 14, .removedCall, "", .survived),
        result(4, line: 15, .relationalBoundary, "count >= 100", .accepted),
      ],
      skipped: [], seconds: .init(baseline: 1, build: 1, mutants: 1))
  }

  private func log() throws -> [String: Any] {
    let text = try MutationSARIFReport.render(report(), version: "9.8.7")
    return try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  func testEverySurvivorIsOneWarningAtItsPlace() throws {
    let log = try log()
    XCTAssertEqual(log["version"] as? String, "2.1.0")
    let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
    let driver = try XCTUnwrap((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    XCTAssertEqual(driver["name"] as? String, "covgate")
    XCTAssertEqual(driver["version"] as? String, "9.8.7")
    let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
    XCTAssertEqual(
      rules.compactMap { $0["id"] as? String }, MutationOperator.allCases.map(\.rawValue))
    let results = try XCTUnwrap(run["results"] as? [[String: Any]])
    // The killed mutant and the accepted one are no finding.
    XCTAssertEqual(
      results.compactMap { $0["ruleId"] as? String }, ["relational-boundary", "removed-call"])
    XCTAssertEqual(results.compactMap { $0["level"] as? String }, ["warning", "warning"])
    for result in results {
      let index = try XCTUnwrap(result["ruleIndex"] as? Int)
      XCTAssertEqual(rules[index]["id"] as? String, result["ruleId"] as? String)
    }
    let first = results[0]
    let message = try XCTUnwrap((first["message"] as? [String: Any])?["text"] as? String)
    XCTAssertTrue(
      message.hasPrefix(
        "Mutant `count > 100` -> `count >= 100` (relational-boundary) survived: no test failed with it in (ran by ShopTests.DiscountTests/testBulk and 1 more). Fix: add a test assertion"
      ), message)
    let location = try XCTUnwrap(
      ((first["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any])
    XCTAssertEqual(
      (location["artifactLocation"] as? [String: Any])?["uri"] as? String,
      "Sources/Shop/Discount.swift")
    let region = try XCTUnwrap(location["region"] as? [String: Any])
    XCTAssertEqual(region["startLine"] as? Int, 11)
    XCTAssertEqual(region["startColumn"] as? Int, 12)
    let removed = try XCTUnwrap((results[1]["message"] as? [String: Any])?["text"] as? String)
    XCTAssertTrue(
      removed.hasPrefix("Mutant `count > 100` removed (removed-call) survived"), removed)
  }

  /// SARIF counts columns in UTF-16 code units; a mutant's column counts UTF-8 bytes.
  func testAColumnAfterNonASCIITextIsCountedInUTF16() {
    // `é` is 2 bytes and 1 UTF-16 unit, `🙂` 4 bytes and 2 units: `<` is byte 16 of its line, unit 13.
    let source = "// one\nlet é🙂 = a < b && c\n"
    let mutant = Mutant(
      id: 1, file: "A.swift", line: 2, column: 16, kind: .relationalBoundary, original: "a < b",
      mutated: "a <= b")
    XCTAssertEqual(Array(source.utf8)[7 + 15], UInt8(ascii: "<"))
    XCTAssertEqual(MutationSARIFReport.utf16Column(of: mutant, in: source), 13)
    XCTAssertEqual(MutationSARIFReport.utf16Column(of: mutant, in: nil), 16)
    var beyond = mutant
    beyond.line = 9
    XCTAssertEqual(MutationSARIFReport.utf16Column(of: beyond, in: source), 16)
  }

  func testTheLogIsValidByTheSARIFSchema() throws {
    try ExternalTool.require("check-jsonschema")
    let path = try ExternalTool.write(
      try MutationSARIFReport.render(report(), version: "0.1.0"), named: "covgate-mutation.sarif",
      for: self)
    let schema = ExternalTool.fixture("sarif-schema-2.1.0.json")
    let valid = ExternalTool.run(["check-jsonschema", "--schemafile", schema, path])
    XCTAssertEqual(valid.status, 0, valid.output)
    // The check can fail: a level SARIF does not know is refused.
    var log = try log()
    var run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
    var results = try XCTUnwrap(run["results"] as? [[String: Any]])
    results[0]["level"] = "severe"
    run["results"] = results
    log["runs"] = [run]
    let wrong = try ExternalTool.write(
      String(decoding: try JSONSerialization.data(withJSONObject: log), as: UTF8.self),
      named: "wrong.sarif", for: self)
    let invalid = ExternalTool.run(["check-jsonschema", "--schemafile", schema, wrong])
    XCTAssertNotEqual(invalid.status, 0, invalid.output)
  }
}
