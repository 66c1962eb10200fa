import CoverageModel
import LLVMCoverage
import SourceAnalysis
import XCTest

/// The fixture's decisions, derived from its recorded export, equal the counts written by hand
/// beside the code.
final class BranchFixtureTests: XCTestCase {
  func testDerivedOutcomesEqualTheHandWrittenCounts() throws {
    let source = try String(
      contentsOf: FixtureExpectations.url("Branches/Sources/Branches/Decisions.swift"),
      encoding: .utf8)
    let data = try ExportReader.read(
      path: FixtureExpectations.url("Branches.export.json").path,
      options: ExportReader.Options(functions: true, lineViews: false))
    let regions = data.functions.flatMap { record in
      record.regions.filter { record.filenames[$0.fileID].hasSuffix("/Decisions.swift") }
    }
    XCTAssertFalse(regions.isEmpty, "the recorded export has no regions of Decisions.swift")
    let derived = BranchDeriver.derive(source: Array(source.utf8), regions: regions)
    let written = FixtureExpectations.written(derived)
    let expected = FixtureExpectations.expected(in: source)
    for line in Set(written.keys).union(expected.keys).sorted() {
      XCTAssertEqual(written[line] ?? [], expected[line] ?? [], "line \(line)")
    }
  }

  func testASourceWithoutRegionsHasNoDecisions() {
    let derived = BranchDeriver.derive(
      source: Array("func f(a: Bool) { if a { } }".utf8), regions: [])
    XCTAssertEqual(derived, DerivedBranches())
  }
}
