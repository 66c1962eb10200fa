import CoverageModel
import XCTest

@testable import LLVMCoverage

final class LineViewBuilderTests: XCTestCase {
  private typealias Segment = (line: Int, count: UInt64, hasCount: Bool, entry: Bool, gap: Bool)

  private func view(_ segments: [Segment]) throws -> [UInt64?] {
    var builder = LineViewBuilder()
    for s in segments {
      try builder.add(
        line: s.line, count: s.count, hasCount: s.hasCount, isRegionEntry: s.entry, isGap: s.gap)
    }
    let view = builder.build()
    return (1...max(view.lineCount, 1)).map { view.count(line: $0) }
  }

  func testLinesInsideARegionTakeItsCountAndLinesAfterItsEndAreUnmapped() throws {
    XCTAssertEqual(
      try view([(2, 5, true, true, false), (4, 0, false, false, false)]),
      [nil, 5, 5, 5])
  }

  func testALineTakesTheMaximumOfTheRegionsStartingOnIt() throws {
    // `guard x else { throw }` on one line: the else region never ran, the line shows 3.
    XCTAssertEqual(
      try view([
        (1, 3, true, true, false), (1, 0, true, true, false), (1, 3, true, false, false),
        (2, 0, false, false, false),
      ]),
      [3, 3])
  }

  func testAGapRegionDoesNotRaiseTheCount() throws {
    XCTAssertEqual(
      try view([(1, 0, true, true, false), (2, 7, true, true, true), (3, 0, false, false, false)]),
      [0, 0, 7])
  }

  func testASkippedRegionLeavesLinesUnmapped() throws {
    // As in LLVM: the line where the skipped region ends has no region start, so it stays
    // unmapped; the next line takes the count in force again.
    XCTAssertEqual(
      try view([
        (1, 1, true, true, false), (2, 0, false, true, false), (4, 1, true, false, false),
        (5, 0, false, false, false),
      ]),
      [1, nil, nil, nil, 1])
  }

  func testRejectsSegmentsOutOfOrder() {
    var builder = LineViewBuilder()
    XCTAssertNoThrow(
      try builder.add(line: 5, count: 1, hasCount: true, isRegionEntry: true, isGap: false))
    XCTAssertThrowsError(
      try builder.add(line: 4, count: 1, hasCount: true, isRegionEntry: true, isGap: false))
  }
}
