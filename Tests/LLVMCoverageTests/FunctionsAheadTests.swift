import CoverageModel
import Foundation
import XCTest

@testable import LLVMCoverage

/// `functions[]` read ahead on another thread gives exactly what reading it in turn gives:
/// the same records, the same errors at the same offsets, and no harm from a decoy.
final class FunctionsAheadTests: XCTestCase {
  /// A document whose first member holds `"functions":[` (`decoy`) or a look-alike of the same
  /// length: the read-ahead starts at the decoy and is not taken, or at the real array.
  private func document(decoy: Bool, regions: String) -> Data {
    let prefix = decoy ? #"{"x":{"functions":[0]},"# : #"{"x":{"fUnctions":[0]},"#
    return Data(
      (prefix
        + #""data":[{"files":[{"filename":"/a","summary":{"lines":{"count":1,"covered":1,"percent":100},"functions":{"count":1,"covered":1,"percent":100},"instantiations":{"count":1,"covered":1,"percent":100},"regions":{"count":1,"covered":1,"notcovered":0,"percent":100}}}],"#
        + #""functions":[{"count":1,"filenames":["/a"],"name":"f","regions":[[1,1,2,2,1,0,0,0]]},"#
        + #"{"count":2,"filenames":["/a"],"name":"g","regions":"# + regions + "}]"
        + #"}],"type":"llvm.coverage.json.export","version":"2.0.1"}"#).utf8)
  }

  /// Read with the records in halves however few they are.
  private func read(_ data: Data) throws -> CoverageData {
    try ExportReader.parse(
      data, source: "in.json", options: .init(functions: true, halvingFunctionsFrom: 0))
  }

  func testRecordsAreTheSameReadAheadOrInTurn() throws {
    let regions = "[[3,1,4,2,5,0,0,0],[3,4,3,9,0,0,0,0]]"
    let ahead = try read(document(decoy: false, regions: regions))
    let inTurn = try read(document(decoy: true, regions: regions))
    XCTAssertEqual(ahead.functions.map(\.name), ["f", "g"])
    XCTAssertEqual(ahead.functions, inTurn.functions)
    XCTAssertEqual(ahead.functions[1].regions.map(\.count), [5, 0])
    // The two records of one file share its name.
    XCTAssertEqual(ahead.functions[0].filenames, ahead.functions[1].filenames)
  }

  func testErrorsAreTheSameReadAheadOrInTurn() {
    for regions in [
      "[[1,1,2,2,1,0,0,9]]", "[[1,1,2,2,1,0,0]]", "[[2,1,1,1,1,0,0,0]]", "[[1,1,2,2,1,3,0,0]]",
    ] {
      var messages: [String] = []
      for decoy in [false, true] {
        XCTAssertThrowsError(try read(document(decoy: decoy, regions: regions)), regions) {
          messages.append(String(describing: $0))
        }
      }
      XCTAssertEqual(messages.count, 2, regions)
      XCTAssertEqual(messages.first, messages.last, regions)
    }
  }

  /// Many records: the second half is read on a third thread from a boundary near the middle.
  private func manyRecords(
    decoy: Bool, count: Int = 200, named: (Int) -> String = { "f\($0)" },
    regions: (Int) -> String = { "[[\($0 + 1),1,\($0 + 2),2,\($0),0,0,0]]" }
  ) -> Data {
    let prefix = decoy ? #"{"x":{"functions":[0]},"# : #"{"x":{"fUnctions":[0]},"#
    let records = (0..<count).map { index in
      #"{"branches":[],"count":\#(index),"filenames":["/a"],"name":"\#(named(index))","regions":\#(regions(index))}"#
    }
    return Data(
      (prefix + #""data":[{"files":[],"functions":["# + records.joined(separator: ",")
        + #"],"totals":{}}],"type":"llvm.coverage.json.export","version":"2.0.1"}"#).utf8)
  }

  func testTheSecondHalfJoinsTheFirstInOrder() throws {
    let ahead = try read(manyRecords(decoy: false))
    XCTAssertEqual(ahead.functions.map(\.name), (0..<200).map { "f\($0)" })
    XCTAssertEqual(ahead.functions, try read(manyRecords(decoy: true)).functions)
  }

  /// A small array (below `halvingFunctionsFrom`, 16 MiB by default) read on one thread gives
  /// the records the halves give.
  func testASmallArrayIsReadOnOneThreadAlike() throws {
    let whole = try ExportReader.parse(
      manyRecords(decoy: false), source: "in.json", options: .init(functions: true))
    XCTAssertEqual(whole.functions, try read(manyRecords(decoy: false)).functions)
    XCTAssertEqual(ExportReader.Options().halvingFunctionsFrom, 16 << 20)
  }

  func testABoundaryInsideANameIsNotTaken() throws {
    // Names that hold the boundary's bytes around the middle: the first walk never stops there.
    let named = { (index: Int) in (90..<110).contains(index) ? #"x]]},{"# : "f\(index)" }
    let ahead = try read(manyRecords(decoy: false, named: named))
    XCTAssertEqual(ahead.functions.map(\.name), (0..<200).map(named))
    XCTAssertEqual(ahead.functions, try read(manyRecords(decoy: true, named: named)).functions)
  }

  func testAFaultInTheSecondHalfIsNamedAsOneWalkNamesIt() {
    for fault in [150, 199, 101] {
      let regions = { (index: Int) in index == fault ? "[[1,1,2,2,1,0,0,9]]" : "[[1,1,2,2,1,0,0,0]]"
      }
      var messages: [String] = []
      for decoy in [false, true] {
        XCTAssertThrowsError(try read(manyRecords(decoy: decoy, regions: regions))) {
          messages.append(String(describing: $0))
        }
      }
      XCTAssertEqual(messages.count, 2)
      XCTAssertEqual(messages.first, messages.last)
      XCTAssertTrue(messages.first?.contains("functions[\(fault)]") == true, messages.first ?? "")
    }
  }

  func testATruncatedArrayReadsAsTruncated() {
    let whole = document(decoy: false, regions: "[[1,1,2,2,1,0,0,0]]")
    let cut = whole.prefix(whole.count - 80)
    XCTAssertThrowsError(try read(Data(cut))) { error in
      guard case .truncated = error as? ExportError else { return XCTFail("\(error)") }
    }
  }

  /// The second half is moved onto the first: its records in order, placeholders left behind.
  func testTheSecondHalfIsMovedNotCopied() {
    func record(_ name: String) -> FunctionRecord {
      FunctionRecord(
        name: name + String(repeating: "x", count: 40), count: 1,
        regions: [Region(lineStart: 1, columnStart: 1, lineEnd: 2, columnEnd: 1, count: 1)],
        filenames: ["/p/\(name).swift"])
    }
    let placeholder = FunctionRecord(name: "", count: 0, regions: [], filenames: [])
    var first = [record("a"), record("b")]
    var second = [record("c"), record("d"), record("e")]
    ArrayTail.append(moving: &second, to: &first, placeholder: placeholder)
    XCTAssertEqual(first, ["a", "b", "c", "d", "e"].map(record))
    XCTAssertEqual(second, Array(repeating: placeholder, count: 3))
  }
}
