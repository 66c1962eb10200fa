import CoverageModel
import Foundation
import XCTest

@testable import LLVMCoverage

/// Regions as llvm-cov writes them are read in one pass; any other form, field by field: the
/// records and the errors are the same either way.
final class CompactRegionTests: XCTestCase {
  private func compact(_ text: String) -> [UInt64]? {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
      var scanner = JSONScanner(bytes: buffer)
      var values: [UInt64] = [0, 0, 0]
      let read = values.withUnsafeMutableBufferPointer {
        scanner.readCompactWholeNumbers(into: $0)
      }
      guard read else {
        XCTAssertEqual(scanner.position, 0, text)
        return nil
      }
      XCTAssertEqual(scanner.position, bytes.count, text)
      return values
    }
  }

  func testOnlyDigitsAndCommasAreReadInOnePass() {
    XCTAssertEqual(compact("[1,20,3]"), [1, 20, 3])
    XCTAssertEqual(compact("[0,007,9999999999999999999]"), [0, 7, 9_999_999_999_999_999_999])
    for other in [
      "[1, 2,3]", "[1,2]", "[1,2,3,4]", "[-1,2,3]", "[1.0,2,3]", "[1e3,2,3]", "[,1,2]",
      "[1,2,3", "1,2,3]", "[1,2,10000000000000000000]", "[1,2,]",
    ] {
      XCTAssertNil(compact(other), other)
    }
  }

  /// A document with one record of these regions (`regions` as written, JSON array text).
  private func read(regions: String) throws -> [FunctionRecord] {
    let json =
      #"{"data":[{"files":[],"functions":[{"count":1,"filenames":["/a","/b"],"name":"f","regions":"#
      + regions + #"}]}],"type":"llvm.coverage.json.export","version":"2.0.1"}"#
    return try ExportReader.parse(
      Data(json.utf8), source: "in.json", options: .init(functions: true)
    )
    .functions
  }

  /// The fault's reason, without its offset (the spaced form moves it).
  private func reason(regions: String) -> String {
    do {
      _ = try read(regions: regions)
      return "no error"
    } catch let ExportError.malformed(_, _, reason) {
      return reason
    } catch {
      return "\(error)"
    }
  }

  func testRegionsReadInOnePassEqualThoseReadFieldByField() throws {
    let maximumLine = ExportLimits.line
    let valid = [
      "[[3,1,4,2,5,0,0,0],[3,4,3,9,0,0,0,0]]",
      "[[1,1,\(maximumLine),4294967295,9223372036854775807,1,1,1]]",
      "[[2,1,2,1,0,1,0,2],[5,3,7,1,12,0,1,3]]",
    ]
    for regions in valid {
      let spaced = regions.replacingOccurrences(of: ",", with: ", ")
      XCTAssertEqual(try read(regions: regions), try read(regions: spaced), regions)
      XCTAssertFalse(try read(regions: regions)[0].regions.isEmpty)
    }
    let faulty = [
      "[[\(maximumLine + 1),1,1,1,1,0,0,0]]", "[[1,4294967296,1,1,1,0,0,0]]",
      "[[1,1,1,1,9223372036854775808,0,0,0]]", "[[1,1,1,1,1,4294967296,0,0]]",
      "[[1,1,1,1,1,0,0,256]]", "[[1,1,1,1,1,0,0,9]]", "[[1,1,1,1,1,0,0]]", "[[1,1,1,1,1,0,0,0,0]]",
      "[[2,1,1,1,1,0,0,0]]", "[[0,1,1,1,1,0,0,0]]", "[[1,1,1,1,1,5,0,0]]", "[[1,-1,1,1,1,0,0,0]]",
    ]
    for regions in faulty {
      let spaced = regions.replacingOccurrences(of: ",", with: " , ")
      XCTAssertNotEqual(reason(regions: regions), "no error", regions)
      XCTAssertEqual(reason(regions: regions), reason(regions: spaced), regions)
    }
  }
}
