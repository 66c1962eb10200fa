import CoverageModel
import LLVMCoverage
import XCTest

@testable import SourceAnalysis

/// The Macros fixture (a package with swift-syntax macros, recorded by
/// `ci/record-branches-fixture.sh Macros`): decisions beside, around and after macro
/// expansions derive to the counts written by hand; a decision in a macro's argument is left
/// out with the context named; and the expansions' own code has no region at all, so nothing
/// of it can reach a count.
final class MacroFixtureTests: XCTestCase {
  private let fixture = FixtureExpectations.macros

  private func export() throws -> CoverageData {
    try ExportReader.read(
      path: FixtureExpectations.url("Macros.export.json").path,
      options: ExportReader.Options(functions: true, lineViews: false))
  }

  func testDerivedOutcomesEqualTheHandWrittenCounts() throws {
    let differences = try FixtureExpectations.differences(
      export: FixtureExpectations.url("Macros.export.json").path, of: fixture)
    XCTAssertEqual(differences, [], differences.joined(separator: "\n"))
  }

  /// Swift 6.3 gives code a macro expands no counter: the peer function `halfChecked` ran
  /// twice and has no record, and a line of a macro's argument has no region of its own (the
  /// ternary of `#stringify(a > b ? a : b)`, the closure in `#stringify(xs.filter {...})`).
  func testAnExpansionsCodeHasNoRegion() throws {
    let data = try export()
    XCTAssertFalse(data.functions.isEmpty)
    XCTAssertFalse(data.functions.contains { $0.name.contains("halfChecked") })
    let source = try String(
      contentsOf: FixtureExpectations.sourceURL("Uses.swift", of: fixture), encoding: .utf8)
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    for text in ["#stringify(a > b ? a : b)", "#stringify(xs.filter"] {
      let line = try XCTUnwrap(lines.firstIndex { $0.contains(text) }) + 1
      let starting = data.functions.flatMap(\.regions).filter { $0.lineStart == line }
      XCTAssertEqual(starting, [], "a region starts on line \(line): \(text)")
    }
  }

  /// Every decision in a macro's argument is left out naming it; its truth is written beside.
  func testADecisionInAMacrosArgumentIsLeftOutAndNamed() throws {
    let source = try String(
      contentsOf: FixtureExpectations.sourceURL("Uses.swift", of: fixture), encoding: .utf8)
    let derived = BranchDeriver.derive(
      source: Array(source.utf8),
      records: FixtureExpectations.records(in: try export(), source: "Uses.swift"))
    let truth = FixtureExpectations.truth(in: source)
    XCTAssertEqual(truth.count, 2)
    for line in truth.keys {
      let reasons = derived.notDerivable.filter { $0.location.line == line }.map(\.reason)
      XCTAssertFalse(reasons.isEmpty, "line \(line)")
      XCTAssertTrue(reasons.allSatisfy { $0.contains("a macro's argument") }, "\(reasons)")
      XCTAssertFalse(derived.decisions.contains { $0.location.line == line }, "line \(line)")
    }
  }
}
