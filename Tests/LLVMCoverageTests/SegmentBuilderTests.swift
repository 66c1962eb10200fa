import CoverageModel
import XCTest

@testable import LLVMCoverage

/// Segments rebuilt from regions against the segments llvm-cov itself wrote, and against the
/// expectations of LLVM's own unit tests (llvm/unittests/ProfileData/CoverageMappingTest.cpp).
final class SegmentBuilderTests: XCTestCase {
  private typealias Segment = SegmentBuilder.Segment

  // MARK: Real exports

  func testRebuildsEverySegmentOfEveryYamsFile() throws {
    let compared = try assertRebuildsSegments(of: "yams/swiftpm-export.json")
    XCTAssertEqual(compared.files, 46)
    XCTAssertGreaterThan(compared.segments, 5000)
  }

  func testRebuildsTheSegmentsOfSwiftAndClangRunsWithGapsExpansionsAndSkippedCode() throws {
    for name in ["swift", "clang", "cpp"] {
      for run in ["run1", "run2", "merged"] {
        try assertRebuildsSegments(of: "runs/\(name)/\(run).json")
      }
    }
  }

  @discardableResult
  private func assertRebuildsSegments(of fixture: String) throws -> (files: Int, segments: Int) {
    let export = try ExportJSON(fixture: fixture)
    let records = FunctionSummarizer.recordsByFile(export.functions)
    XCTAssertEqual(Set(records.keys), Set(export.files.map(\.path)), fixture)
    var segments = 0
    for file in export.files {
      let rebuilt = FunctionSummarizer.fileSegments(
        path: file.path, functions: records[file.path] ?? [])
      XCTAssertEqual(rebuilt.count, file.segments.count, "\(fixture): \(file.path)")
      for (actual, expected) in zip(rebuilt, file.segments) where actual != expected {
        XCTFail("\(fixture): \(file.path): \(actual) != \(expected)")
        break
      }
      segments += file.segments.count
    }
    return (export.files.count, segments)
  }

  // MARK: LLVM's unit tests

  func testCombinesRegionsThatStartAndEndAtTheSameLocation() {
    // create_combined_regions
    XCTAssertEqual(
      segments([code(1, 1, 2, 2, 1), code(1, 1, 2, 2, 2), code(1, 1, 2, 2, 3)]),
      [entry(1, 1, 6), uncounted(2, 2)])
    // combine_regions
    XCTAssertEqual(
      segments([code(1, 1, 9, 9, 10), code(3, 3, 4, 4, 20), code(3, 3, 4, 4, 30)]),
      [entry(1, 1, 10), entry(3, 3, 50), resume(4, 4, 10), uncounted(9, 9)])
    // restore_combined_counter_after_nested_region
    XCTAssertEqual(
      segments([code(1, 1, 9, 9, 10), code(1, 1, 9, 9, 20), code(3, 3, 5, 5, 40)]),
      [entry(1, 1, 30), entry(3, 3, 40), resume(5, 5, 30), uncounted(9, 9)])
  }

  func testSkippedRegionsHaveNoCount() {
    // skipped_segments_have_no_count
    XCTAssertEqual(
      segments([code(1, 1, 5, 5, 1), skipped(5, 1, 5, 5)]),
      [entry(1, 1, 1), uncounted(5, 1, entry: true), uncounted(5, 5)])
  }

  func testNestedRegionsThatEndAfterTheirParentEnds() {
    // multiple_regions_end_after_parent_ends
    let regions = [
      code(1, 1, 9, 9, 1), code(1, 1, 3, 5, 1), code(3, 5, 5, 4, 1), code(3, 5, 7, 3, 0),
      code(7, 3, 9, 2, 0), code(7, 7, 9, 7, 0),
    ]
    XCTAssertEqual(
      segments(regions),
      [
        entry(1, 1, 1), entry(3, 5, 1), resume(5, 4, 0), entry(7, 3, 0), entry(7, 7, 0),
        resume(9, 2, 0), resume(9, 7, 1), uncounted(9, 9),
      ])
  }

  func testSeveralRegionsCompletedAtTheSameLocationTakeTheLastOnesCount() {
    // multiple_completed_segments_at_same_loc (PR35495)
    let regions = [
      code(2, 1, 18, 2, 1), code(8, 10, 14, 6, 0), code(8, 12, 14, 6, 0), code(9, 1, 14, 6, 1),
      code(11, 13, 11, 14, 2),
    ]
    XCTAssertEqual(
      segments(regions),
      [
        entry(2, 1, 1), entry(8, 10, 0), entry(8, 12, 0), entry(9, 1, 1), entry(11, 13, 2),
        resume(11, 14, 1), uncounted(18, 2),
      ])
  }

  func testEmitsNoRedundantOrClosingSegments() {
    // dont_emit_redundant_segments
    XCTAssertEqual(
      segments([code(1, 1, 4, 4, 1), code(2, 2, 5, 5, 1), code(3, 3, 6, 6, 1)]),
      [entry(1, 1, 1), entry(2, 2, 1), entry(3, 3, 1), resume(4, 4, 1), uncounted(6, 6)])
    // dont_emit_closing_segment_at_new_region_start
    XCTAssertEqual(
      segments([code(1, 1, 6, 5, 1), code(2, 2, 6, 5, 1), code(3, 3, 6, 5, 1), code(6, 5, 7, 7, 1)]
      ),
      [entry(1, 1, 1), entry(2, 2, 1), entry(3, 3, 1), entry(6, 5, 1), uncounted(7, 7)])
  }

  func testZeroLengthRegionsNeverBecomeActive() {
    // handle_consecutive_regions_with_zero_length
    XCTAssertEqual(
      segments([1, 2, 1, 2, 1].map { code(1, 1, 1, 1, $0) }), [uncounted(1, 1, entry: true)])
    // handle_sandwiched_zero_length_region
    let regions = [
      code(1, 5, 4, 4, 2), code(1, 9, 1, 50, 1), code(2, 7, 2, 34, 1), code(3, 5, 3, 21, 1),
      code(3, 21, 3, 21, 1), code(4, 12, 4, 17, 1),
    ]
    XCTAssertEqual(
      segments(regions),
      [
        entry(1, 5, 2), entry(1, 9, 1), resume(1, 50, 2), entry(2, 7, 1), resume(2, 34, 2),
        entry(3, 5, 1), entry(3, 21, 2), uncounted(4, 4), entry(4, 12, 1), uncounted(4, 17),
      ])
  }

  func testHandlesTheLastCompletedRegion() {
    // handle_last_completed_region
    XCTAssertEqual(
      segments([code(1, 1, 8, 8, 1), code(2, 2, 5, 5, 2), code(3, 3, 4, 4, 3), code(6, 6, 7, 7, 4)]
      ),
      [
        entry(1, 1, 1), entry(2, 2, 2), entry(3, 3, 3), resume(4, 4, 2), resume(5, 5, 1),
        entry(6, 6, 4), resume(7, 7, 1), uncounted(8, 8),
      ])
  }

  func testUncoveredFunctionsAndBasicIteration() {
    // basic_coverage_iteration
    XCTAssertEqual(
      segments([
        code(1, 1, 9, 9, 30), code(1, 1, 4, 7, 20), code(5, 8, 9, 1, 10), code(10, 10, 11, 11, 0),
      ]),
      [
        entry(1, 1, 20), resume(4, 7, 30), entry(5, 8, 10), resume(9, 1, 30), uncounted(9, 9),
        entry(10, 10, 0), uncounted(11, 11),
      ])
    // uncovered_function_with_mapping
    XCTAssertEqual(
      segments([code(1, 1, 9, 9, 0), code(1, 1, 4, 7, 0)]),
      [entry(1, 1, 0), resume(4, 7, 0), uncounted(9, 9)])
  }

  func testExpansionsCountOnlyWhereNoCodeRegionCoversTheSameRange() {
    // dont_combine_expansions: the expansion takes the count of the expanded file's first region.
    let one = FunctionRecord(
      name: "func", count: 10,
      regions: [
        code(1, 1, 9, 9, 10), code(3, 3, 4, 4, 20), code(6, 6, 7, 7, 20, file: 1),
        Region(
          lineStart: 3, columnStart: 3, lineEnd: 4, columnEnd: 4, count: 20, expandedFileID: 1,
          kind: .expansion),
      ],
      filenames: ["file1", "include1"])
    XCTAssertEqual(
      FunctionSummarizer.fileSegments(path: "file1", functions: [one]),
      [entry(1, 1, 10), entry(3, 3, 20), resume(4, 4, 10), uncounted(9, 9)])
    // combine_expansions
    let two = FunctionRecord(
      name: "func", count: 2,
      regions: [
        code(1, 1, 1, 10, 3, file: 0), code(1, 1, 1, 10, 7, file: 1), code(1, 1, 5, 5, 2, file: 2),
        Region(
          lineStart: 3, columnStart: 1, lineEnd: 3, columnEnd: 5, count: 3, fileID: 2,
          expandedFileID: 0, kind: .expansion),
        Region(
          lineStart: 3, columnStart: 1, lineEnd: 3, columnEnd: 5, count: 7, fileID: 2,
          expandedFileID: 1, kind: .expansion),
      ],
      filenames: ["include1", "include2", "file"])
    XCTAssertEqual(
      FunctionSummarizer.fileSegments(path: "file", functions: [two]),
      [entry(1, 1, 2), entry(3, 1, 10), resume(3, 5, 2), uncounted(5, 5)])
  }

  func testAnExpandedFileShowsTheRegionsExpandedIntoIt() {
    // load_coverage_for_expanded_file
    let function = FunctionRecord(
      name: "func", count: 10,
      regions: [
        code(1, 1, 1, 10, 10),
        Region(
          lineStart: 4, columnStart: 1, lineEnd: 4, columnEnd: 5, count: 10, fileID: 1,
          expandedFileID: 0, kind: .expansion),
      ],
      filenames: ["expanded", "main"])
    XCTAssertEqual(
      FunctionSummarizer.fileSegments(path: "expanded", functions: [function]),
      [entry(1, 1, 10), uncounted(1, 10)])
  }

  // MARK: Derived by hand from LLVM's SegmentBuilder (real gaps are checked in the fixtures)

  func testAGapRegionGivesANonEntrySegmentMarkedGap() {
    let regions = [code(1, 1, 9, 9, 5), gap(3, 8, 5, 1), code(5, 1, 6, 9, 0)]
    let gapSegment = Segment(
      line: 3, column: 8, count: 0, hasCount: true, isRegionEntry: false, isGapRegion: true)
    XCTAssertEqual(
      segments(regions),
      [entry(1, 1, 5), gapSegment, entry(5, 1, 0), resume(6, 9, 5), uncounted(9, 9)])
  }

  func testACodeRegionWinsOverASkippedRegionOfTheSameRange() {
    // "prefer CodeRegion to ExpansionRegion and ExpansionRegion to SkippedRegion"
    XCTAssertEqual(
      segments([code(1, 1, 9, 9, 5), skipped(3, 3, 4, 4), code(3, 3, 4, 4, 7)]),
      [entry(1, 1, 5), entry(3, 3, 7), resume(4, 4, 5), uncounted(9, 9)])
  }

  func testAZeroLengthSkippedRegionInsideCodeGivesAnUncountedEntryThenTheCountInForce() {
    XCTAssertEqual(
      segments([code(1, 1, 9, 9, 5), skipped(3, 4, 3, 4), code(5, 1, 6, 1, 2)]),
      [
        entry(1, 1, 5), uncounted(3, 4, entry: true), resume(3, 4, 5), entry(5, 1, 2),
        resume(6, 1, 5),
        uncounted(9, 9),
      ])
  }

  // MARK: Helpers

  private func segments(_ regions: [Region]) -> [Segment] {
    SegmentBuilder.buildSegments(regions)
  }

  private func code(_ ls: Int, _ cs: Int, _ le: Int, _ ce: Int, _ count: UInt64, file: Int = 0)
    -> Region
  {
    Region(lineStart: ls, columnStart: cs, lineEnd: le, columnEnd: ce, count: count, fileID: file)
  }

  private func skipped(_ ls: Int, _ cs: Int, _ le: Int, _ ce: Int) -> Region {
    Region(lineStart: ls, columnStart: cs, lineEnd: le, columnEnd: ce, count: 0, kind: .skipped)
  }

  private func gap(_ ls: Int, _ cs: Int, _ le: Int, _ ce: Int) -> Region {
    Region(lineStart: ls, columnStart: cs, lineEnd: le, columnEnd: ce, count: 0, kind: .gap)
  }

  /// LLVM's `CoverageSegment(line, col, count, /*IsRegionEntry=*/true)`.
  private func entry(_ line: Int, _ column: Int, _ count: UInt64) -> Segment {
    Segment(
      line: line, column: column, count: count, hasCount: true, isRegionEntry: true,
      isGapRegion: false)
  }

  /// LLVM's `CoverageSegment(line, col, count, /*IsRegionEntry=*/false)`.
  private func resume(_ line: Int, _ column: Int, _ count: UInt64) -> Segment {
    Segment(
      line: line, column: column, count: count, hasCount: true, isRegionEntry: false,
      isGapRegion: false)
  }

  /// LLVM's `CoverageSegment(line, col, IsRegionEntry)`: no count.
  private func uncounted(_ line: Int, _ column: Int, entry: Bool = false) -> Segment {
    Segment(
      line: line, column: column, count: 0, hasCount: false, isRegionEntry: entry,
      isGapRegion: false)
  }
}
