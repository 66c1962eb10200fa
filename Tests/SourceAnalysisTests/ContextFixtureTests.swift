import CoverageModel
import LLVMCoverage
import XCTest

@testable import SourceAnalysis

/// The Contexts fixture: decisions in result builders, parameter-pack loops, default arguments,
/// typed throws, noncopyable types and patterns, derived from its recorded export, equal the
/// counts written by hand; a context no fixture proves is named, and the consistency laws alone
/// would have caught every false count such a context gives.
final class ContextFixtureTests: XCTestCase {
  private let fixture = FixtureExpectations.contexts

  private func derive(_ name: String, checkingContexts: Bool) throws -> (
    source: String, derived: DerivedBranches
  ) {
    let export = try ExportReader.read(
      path: FixtureExpectations.url("Contexts.export.json").path,
      options: ExportReader.Options(functions: true, lineViews: false))
    let source = try String(
      contentsOf: FixtureExpectations.sourceURL(name, of: fixture), encoding: .utf8)
    let records = FixtureExpectations.records(in: export, source: name)
    let derived = BranchDeriver.derive(
      records: records, decisions: { BranchDeriver.decisions(in: Array(source.utf8)) },
      checkingContexts: checkingContexts)
    return (source, derived)
  }

  func testDerivedOutcomesEqualTheHandWrittenCounts() throws {
    let differences = try FixtureExpectations.differences(
      export: FixtureExpectations.url("Contexts.export.json").path, of: fixture)
    XCTAssertEqual(differences, [], differences.joined(separator: "\n"))
  }

  /// With the contexts not checked, each decision of an unproven context is derived with its
  /// true counts or left out by a law: never a false count.
  func testTheLawsAloneCatchEveryFalseCountOfAnUnprovenContext() throws {
    var caught: [String] = []
    for name in fixture.sourceNames {
      let (source, derived) = try derive(name, checkingContexts: false)
      let written = FixtureExpectations.written(derived)
      for (line, truth) in FixtureExpectations.truth(in: source) {
        for entry in written[line] ?? [] where !truth.contains(entry) {
          guard entry.contains(" n/a: ") else {
            XCTFail("\(name):\(line): \(entry), though the code ran \(truth)")
            continue
          }
          if entry.contains("n/a: witness failed") { caught.append("\(name):\(line)") }
        }
      }
    }
    // The regions' false counts: an `if` after a builder's `if` without `else` (reached 2, ran
    // 3) and the pack loops (body 0, ran 4 and 5 times).
    let falseCounts = try ["if other {", "for (value, wanted) in repeat", "for value in repeat"].map
    {
      text in
      let (name, line) = try lineNumber(of: text)
      return "\(name):\(line)"
    }
    XCTAssertEqual(Set(falseCounts).subtracting(caught), [], "false counts no law caught")
  }

  func testTheFixtureTakesEveryContextTheIssueNames() throws {
    let reasons = try fixture.sourceNames.flatMap { name in
      try derive(name, checkingContexts: true).derived.notDerivable.map(\.reason)
    }
    for context in [
      "an if without else in a result-builder body", "after an if without else",
      "a for-in over a parameter pack", "a default argument",
    ] {
      XCTAssertTrue(reasons.contains { $0.contains(context) }, context)
    }
  }

  /// In the fixture's ordinary code (no builder, pack or default argument), at most one in
  /// twenty of the decisions that ran is left out: each one left out here is a position with no
  /// region of its own (a `where` clause, a `case` pattern's value).
  func testAtMostOneInTwentyDecisionsThatRanInOrdinaryCodeIsLeftOut() throws {
    let export = try ExportReader.read(
      path: FixtureExpectations.url("Contexts.export.json").path,
      options: ExportReader.Options(functions: true, lineViews: false))
    var ran = 0
    var leftOut: [String] = []
    for name in ["Patterns.swift", "Variants.swift"] {
      let (source, derived) = try derive(name, checkingContexts: true)
      let regions = RegionIndex(FixtureExpectations.records(in: export, source: name))
      let candidates = BranchDeriver.decisions(in: Array(source.utf8)).candidates
      ran += derived.decisions.count { $0.reached > 0 }
      for entry in derived.notDerivable {
        let candidate = candidates.first { $0.location == entry.location && $0.kind == entry.kind }
        guard let candidate, case .count(let reached) = regions.count(at: candidate.reachedAt),
          reached > 0
        else { continue }
        ran += 1
        leftOut.append("\(name):\(entry.location.line) \(entry.reason)")
      }
    }
    XCTAssertGreaterThan(ran, 50)
    XCTAssertLessThanOrEqual(leftOut.count * 20, ran, leftOut.joined(separator: "\n"))
  }

  private func lineNumber(of text: String) throws -> (String, Int) {
    for name in fixture.sourceNames {
      let source = try String(
        contentsOf: FixtureExpectations.sourceURL(name, of: fixture), encoding: .utf8)
      let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
      if let index = lines.firstIndex(where: { $0.contains(text) }) { return (name, index + 1) }
    }
    throw CocoaError(.fileReadNoSuchFile)
  }
}
