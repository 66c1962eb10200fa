import CoverageModel
import LLVMCoverage
import SourceAnalysis
import XCTest

/// The fixture's decisions, derived from its recorded export, equal the counts written by hand
/// beside the code; what is not derivable says why.
final class BranchFixtureTests: XCTestCase {
  func testDerivedOutcomesEqualTheHandWrittenCounts() throws {
    let differences = try FixtureExpectations.differences(
      export: FixtureExpectations.url("Branches.export.json").path)
    XCTAssertEqual(differences, [], differences.joined(separator: "\n"))
  }

  func testTheFixtureHoldsAboutAHundredDecisions() throws {
    let count = try FixtureExpectations.sourceNames.reduce(0) { total, name in
      let source = try String(
        contentsOf: FixtureExpectations.sourceURL(name), encoding: .utf8)
      return total + FixtureExpectations.expected(in: source).values.reduce(0) { $0 + $1.count }
    }
    XCTAssertGreaterThanOrEqual(count, 80)
  }

  func testASourceWithoutRegionsHasNoDecisions() {
    let derived = BranchDeriver.derive(
      source: Array("func f(a: Bool) { if a { } }".utf8), records: [])
    XCTAssertEqual(derived, DerivedBranches())
  }

  /// Two functions with one range (an autoclosure and the closure it returns) are not one
  /// function's instantiations: their counts are not added, and where they differ the arm is
  /// ambiguous. The same function twice (two test binaries) is added.
  func testIdenticalRangesAddUpWithinAFunctionOnly() {
    let source = "func f(h: (() -> Int)?) -> Int {\n  let r = h ?? { 7 }\n  return r()\n}\n"
    func region(_ line: Int, _ column: Int, _ endLine: Int, _ endColumn: Int, _ count: UInt64)
      -> Region
    {
      Region(
        lineStart: line, columnStart: column, lineEnd: endLine, columnEnd: endColumn, count: count)
    }
    let body = ("f", [region(1, 33, 4, 2, 3)])
    let derive = { (records: [BranchDeriver.Record]) in
      BranchDeriver.derive(source: Array(source.utf8), records: [body] + records)
    }
    let equal = derive([
      ("auto", [region(2, 16, 2, 21, 2)]), ("literal", [region(2, 16, 2, 21, 2)]),
    ])
    XCTAssertEqual(equal.decisions.first?.outcomes.map(\.count), [2, 1])
    let differing = derive([
      ("auto", [region(2, 16, 2, 21, 2)]), ("literal", [region(2, 16, 2, 21, 4)]),
    ])
    XCTAssertEqual(differing.decisions, [])
    XCTAssertEqual(
      differing.notDerivable.map(\.reason), ["two functions' regions share the right's range"])
    let twoBinaries = derive([
      ("auto", [region(2, 16, 2, 21, 1)]), ("auto", [region(2, 16, 2, 21, 1)]),
    ])
    XCTAssertEqual(twoBinaries.decisions.first?.outcomes.map(\.count), [2, 1])
  }

  /// A loop whose reach says one exit count and whose region after it says another is left
  /// out as contradicted, not reported with either.
  func testAWitnessThatDisagreesContradictsTheDecision() {
    let source = "func f(xs: [Int]) {\n  for x in xs { g(x) }\n  h()\n}\n"
    let records: [BranchDeriver.Record] = [
      (
        "f",
        [
          Region(lineStart: 1, columnStart: 19, lineEnd: 4, columnEnd: 2, count: 2),
          Region(lineStart: 2, columnStart: 15, lineEnd: 2, columnEnd: 23, count: 5),
          Region(lineStart: 2, columnStart: 23, lineEnd: 3, columnEnd: 6, count: 1),
        ]
      )
    ]
    let derived = BranchDeriver.derive(source: Array(source.utf8), records: records)
    XCTAssertEqual(derived.decisions, [])
    XCTAssertEqual(derived.contradicted, 1)
    XCTAssertEqual(
      derived.notDerivable.first?.reason,
      "contradicted: exit 2 by the reach, 1 by a second region")
  }
}
