import CoverageReaders
import XCTest

/// The LCOV parser on the shapes producers write (llvm-cov's, geninfo's, LCOV 2's) and on
/// every way a tracefile can be wrong: each refused with the record and line named.
final class LCOVParserTests: XCTestCase {
  private func parse(_ text: String) throws -> [LCOVRecord] {
    let bytes = Array(text.utf8)
    return try bytes.withUnsafeBufferPointer { try LCOVParser.parse($0, path: "t.lcov") }
  }

  private func error(_ text: String) -> LCOVError? {
    do {
      _ = try parse(text)
      return nil
    } catch {
      return error as? LCOVError
    }
  }

  func testReadsLLVMCovsRecordLinesFunctionsAndFigures() throws {
    let records = try parse(
      """
      SF:/p/Sources/A/a.swift
      FN:3,$s1A3fooyyF
      FN:9,$s1A3baryyF
      FNDA:2,$s1A3fooyyF
      FNDA:0,$s1A3baryyF
      FNF:2
      FNH:1
      DA:3,2
      DA:4,2
      DA:9,0
      BRF:0
      BRH:0
      LF:3
      LH:2
      end_of_record

      """)
    XCTAssertEqual(records.count, 1)
    XCTAssertEqual(records[0].source, "/p/Sources/A/a.swift")
    XCTAssertEqual(
      records[0].lines,
      [LineCount(line: 3, count: 2), LineCount(line: 4, count: 2), LineCount(line: 9, count: 0)])
    XCTAssertEqual(
      records[0].functions,
      [
        LCOVFunction(name: "$s1A3fooyyF", line: 3, count: 2),
        LCOVFunction(name: "$s1A3baryyF", line: 9, count: 0),
      ])
  }

  func testReadsGeninfosTestNamesChecksumsBranchesAndCRLF() throws {
    let records = try parse(
      "TN:unit\r\nSF:src/b.c\r\nFN:1,2,main\r\nFNDA:1,main\r\nDA:1,1,abc\r\nDA:1,2\r\nBRDA:1,0,0,1\r\nBRDA:1,0,1,-\r\nend_of_record\r\n"
    )
    XCTAssertEqual(records[0].source, "src/b.c")
    // LCOV 2's FN:<start>,<end>,<name> keeps the name whole.
    XCTAssertEqual(records[0].lines, [LineCount(line: 1, count: 1), LineCount(line: 1, count: 2)])
    XCTAssertEqual(records[0].functions, [LCOVFunction(name: "main", line: 1, count: 1)])
    XCTAssertEqual(records[0].branches.map(\.taken), [1, nil])
  }

  func testReadsLCOV22IndexedFunctionsAliasesAddingUp() throws {
    let records = try parse(
      """
      SF:c.cc
      FNL:0,5,9
      FNA:0,2,foo(int, int)
      FNA:0,3,foo_alias
      FNL:1,12
      FNA:1,0,bar
      DA:5,5
      end_of_record
      """)
    XCTAssertEqual(
      records[0].functions,
      [
        LCOVFunction(name: "foo(int, int)", line: 5, count: 5),
        LCOVFunction(name: "bar", line: 12, count: 0),
      ])
  }

  /// Real lines of `llvm-cov export -format=lcov` on Yams 6.2.2 (Constructor.swift), whose
  /// JSON export of the same run gives these lines 9223372036854775807: a negative region count
  /// that LCOV writes wrapped to 64 bits.
  func testLLVMCovsWrappedNegativeCountReadsAsItsJSONsCeiling() throws {
    let records = try parse(
      "SF:/p/Constructor.swift\nDA:319,18446744073709551000\nDA:322,18446744073709550994\nend_of_record\n"
    )
    XCTAssertEqual(records[0].lines.map(\.count), [UInt64(Int64.max), UInt64(Int64.max)])
  }

  func testAFunctionNameWithCommasStaysWhole() throws {
    let records = try parse(
      "SF:d.cc\nFN:4,ns::f(int, char)\nFNDA:7,ns::f(int, char)\nend_of_record\n")
    XCTAssertEqual(
      records[0].functions, [LCOVFunction(name: "ns::f(int, char)", line: 4, count: 7)])
  }

  func testRefusesEachMalformedRecordNamingItsLine() {
    let cases: [(String, Int, String)] = [
      ("SF:a\nDA:x,1\nend_of_record\n", 2, "`x` is not a line number"),
      ("SF:a\nDA:0,1\nend_of_record\n", 2, "`0` is not a line number"),
      (
        "SF:a\nDA:10000001,1\nend_of_record\n", 2,
        "line 10000001 is out of range (no source file has 10000000 lines)"
      ),
      ("SF:a\nDA:1,-1\nend_of_record\n", 2, "`-1` is not a count"),
      ("SF:a\nDA:1,1.5\nend_of_record\n", 2, "`1.5` is not a count"),
      (
        "SF:a\nDA:1,99999999999999999999\nend_of_record\n", 2,
        "count 99999999999999999999 is out of range"
      ),
      (
        "SF:a\nDA:1,18446744073709551616\nend_of_record\n", 2,
        "count 18446744073709551616 is out of range"
      ),
      ("SF:a\nDA:1\nend_of_record\n", 2, "DA: needs a line and a count"),
      ("SF:a\nDA:1,\nend_of_record\n", 2, "`` is not a count"),
      ("SF:a\nDA:1,2,c,d\nend_of_record\n", 2, "DA: needs a line and a count"),
      ("SF:a\nDA:,2\nend_of_record\n", 2, "`` is not a line number"),
      ("SF:a\nLF:2\nLH:3\nend_of_record\n", 4, "LH:3 is above LF:2"),
      ("SF:a\nFNF:1\nFNH:2\nend_of_record\n", 4, "FNH:2 is above FNF:1"),
      ("SF:a\nLF:two\nend_of_record\n", 2, "LF: is not a count"),
      (
        "SF:a\nFNDA:1,f\nend_of_record\n", 3,
        "FNDA: for f, which no FN: in the record of a declares"
      ),
      ("SF:a\nFNA:0,1,f\nend_of_record\n", 3, "FNA: for index 0, which no FNL: declares"),
      ("SF:a\nx-y:1\nend_of_record\n", 2, "unknown record x-y:"),
      ("SF:a\nSF:b\n", 2, "a new SF: before the end_of_record of a"),
      ("DA:1,1\n", 1, "a DA: record outside any SF: record"),
      ("end_of_record\n", 1, "end_of_record without an SF: record"),
      ("SF:a\nhello\n", 2, "not a record (no `TAG:`)"),
      (
        "SF:a\nBRDA:1,0,1\nend_of_record\n", 2,
        "BRDA: needs a line, a block, a branch and a count or -"
      ),
    ]
    for (text, line, reason) in cases {
      guard case .malformed(let path, let at, _, let said)? = error(text) else {
        XCTFail(
          "not refused as malformed: \(text.debugDescription) -> \(String(describing: error(text)))"
        )
        continue
      }
      XCTAssertEqual(path, "t.lcov")
      XCTAssertEqual(at, line, text.debugDescription)
      XCTAssertEqual(said, reason, text.debugDescription)
    }
  }

  func testATracefileCutShortOrEmptyIsRefused() {
    XCTAssertEqual(
      error("SF:/p/a.swift\nDA:1,1\nDA:2,"),
      .malformed(path: "t.lcov", line: 3, record: "DA:2,", reason: "`` is not a count"))
    XCTAssertEqual(
      error("SF:/p/a.swift\nDA:1,1\n"), .truncated(path: "t.lcov", source: "/p/a.swift"))
    XCTAssertEqual(error(""), .empty(path: "t.lcov"))
    XCTAssertEqual(error("TN:\n\n"), .empty(path: "t.lcov"))
  }

  func testEveryErrorIsOneLineNamingTheFix() {
    let errors: [LCOVError] = [
      .unreadable(path: "x", reason: "No such file or directory"), .empty(path: "x"),
      .malformed(path: "x", line: 3, record: String(repeating: "A", count: 500), reason: "r"),
      .truncated(path: "x", source: "s"),
    ]
    for error in errors {
      XCTAssertFalse(error.description.contains("\n"), error.description)
      XCTAssertLessThan(error.description.count, 300, error.description)
    }
  }

  func testAMissingFileIsUnreadable() {
    XCTAssertThrowsError(try LCOVParser.read(path: "/nonexistent/t.lcov")) { error in
      guard case .unreadable(let path, _)? = error as? LCOVError else {
        return XCTFail("\(error)")
      }
      XCTAssertEqual(path, "/nonexistent/t.lcov")
    }
  }
}
