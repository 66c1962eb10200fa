import CoverageModel
import Foundation
import XCTest

@testable import CoverageReaders

/// Records of one source merge line by line, from one tracefile (Bazel: one record per test
/// target) or several; relative paths are the workspace's.
final class LCOVCoverageTests: XCTestCase {
  private var folder = ""

  override func setUpWithError() throws {
    folder = NSTemporaryDirectory() + "lcov-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(atPath: folder)
  }

  private func write(_ name: String, _ text: String) throws -> String {
    let path = "\(folder)/\(name)"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  func testRecordsOfOneSourceMergeLineByLineAndFunctionsByName() throws {
    let path = try write(
      "combined.dat",
      """
      SF:Sources/A/a.swift
      FN:2,f
      FN:6,g
      FNDA:1,f
      FNDA:0,g
      DA:2,1
      DA:3,1
      DA:6,0
      end_of_record
      SF:/ws/Sources/A/a.swift
      FN:2,f
      FN:6,g
      FNDA:0,f
      FNDA:4,g
      DA:2,0
      DA:3,0
      DA:6,4
      DA:7,4
      end_of_record
      SF:external/dep/b.swift
      DA:1,1
      end_of_record

      """)
    let data = try LCOVCoverage.read(paths: [path], root: "/ws")
    XCTAssertEqual(data.files.map(\.path), ["/ws/Sources/A/a.swift", "/ws/external/dep/b.swift"])
    let file = data.files[0]
    XCTAssertEqual(
      file.lineView?.rawCounts,
      [LineView.unmapped, 1, 1, LineView.unmapped, LineView.unmapped, 4, 4])
    XCTAssertEqual(file.summary.lines, Metric(covered: 4, count: 4))
    XCTAssertEqual(file.functions.map(\.count), [1, 4])
    XCTAssertEqual(file.summary.functions, Metric(covered: 2, count: 2))
    XCTAssertEqual(file.summary.regions, .zero)
    XCTAssertNil(file.runsByLine)
    XCTAssertEqual(data.capabilities, .lcov)
    XCTAssertEqual(
      data.inputNotes,
      [
        "combined.dat: 1 file is in several records (2 records: one per object file or test target): their lines merged by adding counts, functions by name, as lcov merges them"
      ])
  }

  /// geninfo 1.x writes a record per object file, some of them empty (`SF:` then
  /// `end_of_record`): a file with no lines, not an error, merged with the file's other records.
  func testAnEmptyRecordIsAFileWithNoLines() throws {
    let path = try write(
      "capture.info",
      "TN:a_o\nSF:/ws/a.c\nend_of_record\nTN:b_o\nSF:/ws/a.c\nDA:3,2\nend_of_record\nTN:c_o\nSF:/ws/empty.h\nend_of_record\n"
    )
    let data = try LCOVCoverage.read(paths: [path], root: "/ws")
    XCTAssertEqual(data.files.map(\.path), ["/ws/a.c", "/ws/empty.h"])
    XCTAssertEqual(data.files[0].summary.lines, Metric(covered: 1, count: 1))
    XCTAssertEqual(data.files[1].summary.lines, .zero)
  }

  func testALineWrittenTwiceInARecordAddsUp() throws {
    let path = try write("twice.lcov", "SF:/ws/a.swift\nDA:1,1\nDA:1,2\nDA:2,0\nend_of_record\n")
    let data = try LCOVCoverage.read(paths: [path], root: "/ws")
    XCTAssertEqual(data.files[0].lineView?.rawCounts, [3, 0])
    XCTAssertEqual(data.files[0].summary.lines, Metric(covered: 1, count: 2))
  }

  func testSeveralTracefilesSayWhichRanEachLine() throws {
    let unit = try write("unit.lcov", "SF:/ws/a.swift\nDA:1,1\nDA:2,0\nend_of_record\n")
    let ui = try write("ui.lcov", "SF:/ws/a.swift\nDA:1,0\nDA:2,3\nDA:3,0\nend_of_record\n")
    let data = try LCOVCoverage.read(paths: [unit, ui], root: "/ws")
    XCTAssertEqual(data.runNames, ["unit", "ui"])
    XCTAssertEqual(data.files[0].runsByLine, [0b01, 0b10, 0])
    XCTAssertEqual(data.files[0].summary.lines, Metric(covered: 2, count: 3))
  }

  /// A count past a source's last line: the tracefile is older than the source, kept for the
  /// pipeline to refuse once it knows the source is gated (`StaleSources`).
  func testACountBeyondTheSourcesEndIsFoundAsStale() throws {
    let path = try write("old.lcov", "SF:/ws/a.swift\nDA:1,1\nDA:12,1\nend_of_record\n")
    let data = try LCOVCoverage.read(paths: [path], root: "/ws") {
      $0 == "/ws/a.swift" ? 10 : nil
    }
    XCTAssertEqual(
      data.staleSources,
      [StaleSource(report: path, source: "/ws/a.swift", line: 12, lineCount: 10)])
    XCTAssertEqual(try LCOVCoverage.read(paths: [path], root: "/ws") { _ in 12 }.staleSources, [])
  }

  func testCountsAddUpToLLVMCovsCeiling() throws {
    let big = Int64.max
    let path = try write(
      "big.lcov",
      "SF:/ws/a.swift\nDA:1,\(big)\nend_of_record\nSF:/ws/a.swift\nDA:1,5\nend_of_record\n")
    let data = try LCOVCoverage.read(paths: [path], root: "/ws")
    XCTAssertEqual(data.files[0].lineView?.count(line: 1), UInt64(big))
  }

  func testRunNamesComeFromTheFileNames() {
    XCTAssertEqual(LCOVCoverage.runName("/x/_coverage_report.dat"), "_coverage_report")
    XCTAssertEqual(LCOVCoverage.runName("unit.lcov"), "unit")
    XCTAssertEqual(LCOVCoverage.absolute("a/../b/c.swift", root: "/ws"), "/ws/b/c.swift")
  }
}
