import CoverageModel
import Foundation
import XCTest

@testable import LLVMCoverage

/// An export of many file records and no function records reads its second half on another
/// thread: the same files in the same order, the same faults, as reading them in one walk.
final class FilesTailTests: XCTestCase {
  /// `split`: compact, as llvm-cov writes (a boundary is found near the middle); otherwise a
  /// space after every comma between records, so that no boundary is found.
  private func export(
    split: Bool, count: Int = 300,
    segments: (Int) -> String = { _ in "[[1,1,1,true,true,false],[2,1,0,false,false,false]]" }
  ) -> Data {
    let records = (0..<count).map { index in
      #"{"branches":[],"expansions":[],"filename":"/p/Sources/T/F\#(index).swift","segments":\#(segments(index)),"summary":{"branches":{"count":0,"covered":0,"notcovered":0,"percent":0},"functions":{"count":1,"covered":1,"percent":100},"instantiations":{"count":1,"covered":1,"percent":100},"lines":{"count":1,"covered":1,"percent":100},"regions":{"count":1,"covered":1,"notcovered":0,"percent":100}}}"#
    }
    return Data(
      (#"{"data":[{"files":["# + records.joined(separator: split ? "," : ", ")
        + #"],"functions":[],"totals":{}}],"type":"llvm.coverage.json.export","version":"2.0.1"}"#)
        .utf8)
  }

  private func read(_ data: Data) throws -> CoverageData {
    try ExportReader.parse(data, source: "in.json")
  }

  func testTheSecondHalfJoinsTheFirstInOrder() throws {
    let split = try read(export(split: true))
    XCTAssertEqual(split.files.count, 300)
    XCTAssertEqual(split.files, try read(export(split: false)).files)
    XCTAssertEqual(split.files.map(\.summary.lines.count), Array(repeating: 1, count: 300))
  }

  func testAFaultInEitherHalfIsNamedAsOneWalkNamesIt() {
    for fault in [10, 150, 220, 299] {
      let segments = { (index: Int) in
        index == fault
          ? "[[2,1,1,true,true,false],[1,1,0,false,false,false]]" : "[[1,1,1,true,true,false]]"
      }
      var reasons: [String] = []
      for split in [true, false] {
        XCTAssertThrowsError(try read(export(split: split, segments: segments))) { error in
          guard case .malformed(_, _, let reason) = error as? ExportError else {
            return XCTFail("\(error)")
          }
          reasons.append(reason)
        }
      }
      XCTAssertEqual(reasons.count, 2)
      XCTAssertEqual(reasons.first, reasons.last)
      XCTAssertTrue(reasons.first?.contains("F\(fault).swift") == true, reasons.first ?? "")
    }
  }

  func testATruncatedSecondHalfReadsAsTruncated() {
    let whole = export(split: true)
    XCTAssertThrowsError(try read(Data(whole.prefix(whole.count - 900)))) { error in
      guard case .truncated = error as? ExportError else { return XCTFail("\(error)") }
    }
  }
}
