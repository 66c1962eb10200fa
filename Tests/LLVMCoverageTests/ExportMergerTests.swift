import CoverageModel
import XCTest

@testable import LLVMCoverage

final class ExportMergerTests: XCTestCase {
  private func file(_ path: String, covered: Int) -> FileCoverage {
    FileCoverage(path: path, summary: Summary(lines: Metric(covered: covered, count: 10)))
  }

  func testUnionsDisjointFilesAndKeepsIdenticalOnes() throws {
    let a = CoverageData(files: [file("/p/A.swift", covered: 1), file("/p/B.swift", covered: 2)])
    let b = CoverageData(files: [file("/p/B.swift", covered: 2), file("/p/C.swift", covered: 3)])
    let merged = try ExportMerger.merge([("a.json", a), ("b.json", b)])
    XCTAssertEqual(merged.files.map(\.path), ["/p/A.swift", "/p/B.swift", "/p/C.swift"])
  }

  func testRefusesToGuessAcrossDifferentRunsOfOneFile() {
    let a = CoverageData(files: [file("/p/A.swift", covered: 1)])
    let b = CoverageData(files: [file("/p/A.swift", covered: 5)])
    XCTAssertThrowsError(try ExportMerger.merge([("a.json", a), ("b.json", b)])) { error in
      XCTAssertEqual(error as? MergeError, .conflictingRuns(path: "/p/A.swift", first: "a.json", second: "b.json"))
    }
  }
}
