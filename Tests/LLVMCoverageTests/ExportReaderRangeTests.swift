import CoverageModel
import Foundation
import XCTest

@testable import LLVMCoverage

/// Every number the reader takes is checked against the range llvm-cov can write: a number out
/// of range is an error naming the record, the field and the byte, never a clamped figure.
final class ExportReaderRangeTests: XCTestCase {
  private let huge = String(repeating: "9", count: 300)
  private let beyond64 = "18446744073709551616"  // 2^64
  private let beyondInt64 = "9223372036854775808"  // 2^63: above llvm-cov's clamp
  private let beyond32 = "4294967296"  // 2^32

  private func export(file: String = "", functions: String = "") -> String {
    #"{"data":[{"files":["# + file + #"],"functions":["# + functions
      + #"]}],"type":"llvm.coverage.json.export","version":"3.0.1"}"#
  }

  private func file(lines: String = #"{"count":4,"covered":3}"#, segments: String = "[]") -> String
  {
    #"{"filename":"/p/Sources/A/A.swift","segments":"# + segments + #","summary":{"lines":"# + lines
      + "}}"
  }

  private func function(count: String = "1", region: String = "[1,1,2,2,1,0,0,0]") -> String {
    #"{"count":"# + count + #","filenames":["/p/Sources/A/A.swift"],"name":"f","regions":["#
      + region + "]}"
  }

  /// Parses `json` (function records included) and returns the one-line error.
  private func failure(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> String
  {
    do {
      let data = try ExportReader.parse(
        Data(json.utf8), source: "in.json", options: .init(functions: true))
      XCTFail("accepted, files: \(data.files.map(\.summary))", file: file, line: line)
      return ""
    } catch let error as ExportError {
      guard case .malformed = error else {
        XCTFail("\(error)", file: file, line: line)
        return ""
      }
      XCTAssertFalse(error.description.contains("\n"), file: file, line: line)
      XCTAssertTrue(
        error.description.hasPrefix("in.json is not valid llvm-cov JSON at byte "),
        error.description, file: file, line: line)
      return error.description
    } catch {
      XCTFail("\(error)", file: file, line: line)
      return ""
    }
  }

  private func assertRefused(
    _ json: String, naming parts: [String], file: StaticString = #filePath, line: UInt = #line
  ) {
    let message = failure(json, file: file, line: line)
    for part in parts {
      XCTAssertTrue(
        message.contains(part), "'\(part)' missing from: \(message)", file: file, line: line)
    }
  }

  func testASummaryCountOfHundredsOfDigitsIsRefusedNotClamped() {
    assertRefused(
      export(file: file(lines: #"{"count":"# + huge + #","covered":0}"#)),
      naming: [
        "the file record of /p/Sources/A/A.swift", "summary.lines.count", "(300 digits)",
        "out of range",
      ])
    assertRefused(
      export(file: file(lines: #"{"count":5,"covered":"# + beyond64 + "}")),
      naming: ["summary.lines.covered", beyond64])
  }

  func testSummaryCountsNoSourceFileCouldHaveAreRefused() {
    assertRefused(
      export(file: file(lines: #"{"count":"# + beyond32 + #","covered":0}"#)),
      naming: ["summary.lines.count", beyond32, "fewer than 2^32"])
    let regions =
      #"{"filename":"/p/A.swift","summary":{"regions":{"count":9223372036854775807,"covered":1}}}"#
    assertRefused(export(file: regions), naming: ["summary.regions.count", "9223372036854775807"])
  }

  func testSegmentLinesColumnsAndCountsOutOfRangeAreRefused() {
    let cases: [(String, [String])] = [
      ("[[" + huge + ",1,1,true,true,false]]", ["segments[0] line"]),
      ("[[1," + beyond32 + ",1,true,true,false]]", ["segments[0] column", beyond32]),
      (
        "[[1,1," + beyondInt64 + ",true,true,false]]",
        ["segments[0] count", beyondInt64, "9223372036854775807"]
      ),
      (
        "[[1,1,1,true,true,false],[2,1," + huge + ",true,true,false]]",
        ["segments[1] count", "(300 digits)"]
      ),
      ("[[0,1,1,true,true,false]]", ["segments[0]", "no real line"]),
      ("[[50000000,1,1,true,true,false]]", ["segments[0] line", "50000000"]),
      (
        "[[3,9,1,true,true,false],[3,2,0,false,false,false]]",
        ["segments[1] at 3:2", "out of order"]
      ),
    ]
    for (segments, parts) in cases {
      assertRefused(
        export(file: file(segments: segments)),
        naming: ["the file record of /p/Sources/A/A.swift"] + parts)
    }
  }

  func testFunctionCountsAndRegionFieldsOutOfRangeAreRefused() {
    assertRefused(
      export(functions: function(count: huge)), naming: ["functions[0]", "count", "(300 digits)"])
    assertRefused(
      export(functions: function(count: beyondInt64)),
      naming: ["functions[0]", "count is " + beyondInt64])
    let regions: [(String, String)] = [
      ("[" + huge + ",1,2,2,1,0,0,0]", "regions[0] start line"),
      ("[1," + beyond32 + ",2,2,1,0,0,0]", "regions[0] start column"),
      ("[1,1," + beyond64 + ",2,1,0,0,0]", "regions[0] end line"),
      ("[1,1,2," + beyond32 + ",1,0,0,0]", "regions[0] end column"),
      ("[1,1,2,2," + beyondInt64 + ",0,0,0]", "regions[0] count"),
      ("[1,1,2,2,1," + beyond32 + ",0,0]", "regions[0] file index"),
      ("[1,1,2,2,1,0," + huge + ",0]", "regions[0] expanded file index"),
      ("[1,1,2,2,1,0,0," + huge + "]", "regions[0] kind"),
    ]
    for (region, field) in regions {
      assertRefused(
        export(functions: function(region: region)),
        naming: ["functions[0]", field, "out of range"])
    }
  }

  func testTheLargestValuesLLVMCovWritesAreAccepted() throws {
    // Counts clamped at INT64_MAX are real (Yams has them); columns up to 2^32 - 1 are LLVM's.
    let segments = "[[1,4294967295,9223372036854775807,true,true,false],[2,1,0,false,false,false]]"
    let json = export(
      file: file(lines: #"{"count":4294967295,"covered":4294967295}"#, segments: segments),
      functions: function(
        count: "9223372036854775807", region: "[1,1,2,4294967295,9223372036854775807,0,0,0]"))
    let data = try ExportReader.parse(
      Data(json.utf8), source: "in.json", options: .init(functions: true))
    XCTAssertEqual(
      data.files.first?.summary.lines, Metric(covered: 4_294_967_295, count: 4_294_967_295))
    XCTAssertEqual(data.files.first?.lineView?.count(line: 1), UInt64(Int64.max))
    XCTAssertEqual(data.functions.first?.count, UInt64(Int64.max))
  }

  func testTheErrorPointsAtTheNumbersByte() {
    let json = export(file: file(lines: #"{"count":"# + huge + #","covered":0}"#))
    let expected = json.range(of: huge).map {
      json.utf8.distance(from: json.utf8.startIndex, to: $0.lowerBound)
    }
    XCTAssertNotNil(expected)
    XCTAssertTrue(failure(json).contains("at byte \(expected ?? -1):"), failure(json))
  }
}
