import CoverageModel
import XCTest

@testable import CoverageGate

final class PatchEvaluatorTests: XCTestCase {
  private let file = ScopedFile(
    path: "Sources/Core/A.swift", target: "Core", layer: "logic",
    coverage: FileCoverage(
      path: "/p/Sources/Core/A.swift", summary: Summary(lines: Metric(covered: 3, count: 5)),
      lineView: LineView(counts: [nil, 4, 0, 0, 2, nil, 1])))

  private func evaluate(_ changes: [ChangedFile]) -> PatchCoverage {
    PatchEvaluator().evaluate(
      base: "origin/main", baseCommit: "abc", changes: changes, files: [file],
      unmeasuredReason: { "reason for \($0)" })
  }

  func testCountsOnlyExecutableChangedLinesAndListsTheOnesThatDidNotRun() {
    let patch = evaluate([ChangedFile(path: "Sources/Core/A.swift", addedLines: [1, 2, 3, 4, 6])])
    XCTAssertEqual(patch.lines, Metric(covered: 1, count: 3))
    XCTAssertEqual(patch.files.first?.uncoveredLines, [3, 4])
    XCTAssertEqual(patch.files.first?.uncoveredDescription, "3-4")
  }

  func testDeletedFilesAreIgnoredAndOthersAreListedWithTheirReason() {
    let patch = evaluate([
      ChangedFile(path: "Sources/Core/Old.swift", isDeleted: true),
      ChangedFile(path: "README.md", addedLines: [1]),
      ChangedFile(path: "logo.png", addedLines: [], isBinary: true),
    ])
    XCTAssertEqual(patch.lines, .zero)
    XCTAssertEqual(
      patch.unmeasured, [ExcludedFile(path: "README.md", reason: "reason for README.md")])
  }

  func testVerdictFailsBelowTheMinimumNamingTheLinesAndIsNotApplicableWithoutExecutableChanges() {
    let failing = PatchEvaluator().verdict(
      evaluate([ChangedFile(path: "Sources/Core/A.swift", addedLines: [2, 3, 4])]), minimum: 80)
    XCTAssertEqual(failing.status, .failed)
    XCTAssertEqual(
      failing.message,
      "patch: lines 33.33% (1/3) of changed executable lines is below the minimum 80%; not run: Sources/Core/A.swift:3-4"
    )
    let passing = PatchEvaluator().verdict(
      evaluate([ChangedFile(path: "Sources/Core/A.swift", addedLines: [2, 5])]), minimum: 80)
    XCTAssertEqual(passing.status, .passed)
    let empty = PatchEvaluator().verdict(
      evaluate([ChangedFile(path: "Sources/Core/A.swift", addedLines: [1, 6])]), minimum: 80)
    XCTAssertEqual(empty.status, .notApplicable)
  }

  func testLineRangesFoldRuns() {
    XCTAssertEqual(lineRanges([5, 1, 2, 3, 9, 10]), [1...3, 5...5, 9...10])
    XCTAssertEqual(lineRanges([]), [])
  }
}
