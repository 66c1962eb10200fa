import CoverageModel
import XCTest

@testable import LLVMCoverage

/// The coverage mapping decoder on hand-built records: numbers, expressions, every region
/// kind, and damaged data as an error, never a crash. (Its reading of a real binary is proven
/// against llvm-cov by `TestLinesEndToEndTests`.)
final class CoverageMappingTests: XCTestCase {
  private func leb(_ value: UInt64) -> [UInt8] {
    var value = value
    var bytes: [UInt8] = []
    repeat {
      var byte = UInt8(value & 0x7f)
      value >>= 7
      if value != 0 { byte |= 0x80 }
      bytes.append(byte)
    } while value != 0
    return bytes
  }

  private func word<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
    withUnsafeBytes(of: value.littleEndian) { Array($0) }
  }

  /// One `__llvm_covfun` record, padded to 8 bytes.
  private func record(nameRef: UInt64, hash: UInt64, data: [UInt8]) -> [UInt8] {
    var bytes = word(nameRef) + word(UInt32(data.count)) + word(hash) + word(UInt64(7)) + data
    while bytes.count % 8 != 0 { bytes.append(0) }
    return bytes
  }

  private func covmap(version: UInt32) -> [UInt8] {
    word(UInt32(0)) + word(UInt32(0)) + word(UInt32(0)) + word(version)
  }

  private func parse(_ covfun: [UInt8], version: UInt32 = 6) throws -> CoverageMapping {
    try covmap(version: version).withUnsafeBytes { map in
      try covfun.withUnsafeBytes { try CoverageMapping.parse(covmap: map, covfun: $0) }
    }
  }

  private func counter(_ index: UInt64) -> UInt64 { index << 2 | 1 }
  private func subtract(_ index: UInt64) -> UInt64 { index << 2 | 2 }
  private func add(_ index: UInt64) -> UInt64 { index << 2 | 3 }

  /// Counters [c0, c1]; e0 = c0 - c1, e1 = e0 + c1; a code region of each kind of counter, a
  /// gap, a whole-line skipped region and a branch.
  private var sample: [UInt8] { record(nameRef: 42, hash: 99, data: sampleData) }

  private var sampleData: [UInt8] {
    var data = leb(1) + leb(0)  // one file, index 0
    data += leb(2) + leb(counter(0)) + leb(counter(1)) + leb(subtract(0)) + leb(counter(1))
    data += leb(6)
    data += leb(counter(0)) + leb(1) + leb(1) + leb(9) + leb(2)  // 1:1 - 10:2
    data += leb(counter(1)) + leb(300) + leb(5) + leb(0) + leb(9)  // 301:5 - 301:9
    data += leb(subtract(0)) + leb(1) + leb(3) + leb(1) + leb(4)  // 302:3 - 303:4
    data += leb(add(1)) + leb(1) + leb(1) + leb(0) + leb(1 << 31 | 2)  // gap 303:1 - 303:2
    data += leb(2 << 3) + leb(1) + leb(0) + leb(0) + leb(0)  // skipped, the whole of 304
    data += leb(4 << 3) + leb(counter(1)) + leb(subtract(0)) + leb(1) + leb(1) + leb(0) + leb(5)
    return data
  }

  func testLEB128NumbersOfSeveralBytesAndTheirLimit() throws {
    let bytes: [UInt8] = [0xE5, 0x8E, 0x26, 0x7f] + Array(repeating: 0xff, count: 10) + [0x01]
    try bytes.withUnsafeBytes { raw in
      var reader = MappingBytes(raw)
      XCTAssertEqual(try reader.leb128(), 624_485)
      XCTAssertEqual(try reader.leb128(), 127)
      XCTAssertThrowsError(try reader.leb128()) {
        XCTAssertTrue("\($0)".contains("longer than 64 bits"), "\($0)")
      }
    }
  }

  func testRegionsKindsAndPlacesAreDecoded() throws {
    let function = try XCTUnwrap(try parse(sample).functions[42])
    XCTAssertEqual(function.hash, 99)
    XCTAssertFalse(function.isDummy)
    let regions = function.regions.map(\.region)
    XCTAssertEqual(regions.map(\.kind), [.code, .code, .code, .gap, .skipped, .branch])
    XCTAssertEqual(
      regions.map { [$0.lineStart, $0.columnStart, $0.lineEnd, $0.columnEnd] },
      [
        [1, 1, 10, 2], [301, 5, 301, 9], [302, 3, 303, 4], [303, 1, 303, 2],
        [304, 1, 304, Int(UInt32.max)], [305, 1, 305, 5],
      ])
    XCTAssertEqual(
      function.regions.map(\.counter),
      [.counter(0), .counter(1), .expression(0), .expression(1), .zero, .counter(1)])
  }

  /// c0 = 5, c1 = 2: e0 = 3, e1 = 5; a counter the profile lacks gives no counts at all.
  func testExpressionsAreEvaluatedFromTheCounters() throws {
    let function = try XCTUnwrap(try parse(sample).functions[42])
    XCTAssertEqual(function.expressions.map(\.isAddition), [false, true])
    XCTAssertEqual(function.counts(counters: [5, 2]), [5, 2, 3, 5, 0, 2])
    XCTAssertEqual(function.counts(counters: [0, 0]), [0, 0, 0, 0, 0, 0])
    XCTAssertNil(function.counts(counters: [5]))
  }

  /// A record cut anywhere is an error naming where, never a crash.
  func testATruncatedRecordIsAClearError() throws {
    let whole = sample
    for length in 1..<(28 + sampleData.count) {
      XCTAssertThrowsError(try parse(Array(whole.prefix(length))), "\(length)") { error in
        XCTAssertTrue(error is CoverageMappingError, "\(length): \(error)")
        XCTAssertTrue("\(error)".contains("byte "), "\(error)")
      }
    }
  }

  func testMalformedRecordsAreErrors() throws {
    let cycle =
      leb(1) + leb(0) + leb(2) + leb(subtract(1)) + leb(counter(0)) + leb(add(0))
      + leb(counter(0)) + leb(0)
    let kind = leb(1) + leb(0) + leb(0) + leb(1) + leb(7 << 3) + leb(1) + leb(1) + leb(0) + leb(2)
    let backwards =
      leb(1) + leb(0) + leb(0) + leb(1) + leb(counter(0)) + leb(1) + leb(9) + leb(0)
      + leb(2)
    let missing =
      leb(1) + leb(0) + leb(0) + leb(1) + leb(subtract(3)) + leb(1) + leb(1) + leb(0)
      + leb(2)
    let expansion =
      leb(1) + leb(0) + leb(0) + leb(1) + leb(5 << 3 | 4) + leb(1) + leb(1)
      + leb(0) + leb(2)
    for (data, message) in [
      (cycle, "use each other"), (kind, "region kind 7"), (backwards, "ends before it starts"),
      (missing, "expression 3 does not exist"), (expansion, "does not exist"),
    ] {
      XCTAssertThrowsError(try parse(record(nameRef: 1, hash: 1, data: data)), message) {
        XCTAssertTrue("\($0)".contains(message), "\($0)")
      }
    }
    XCTAssertThrowsError(try parse(sample, version: 5)) {
      XCTAssertEqual($0 as? CoverageMappingError, .unsupportedVersion(5))
      XCTAssertTrue("\($0)".contains("version 6, covgate reads version 7"), "\($0)")
    }
  }

  /// As llvm-cov: the first record of a name wins, but a real one replaces a dummy (one zero
  /// region, zero hash) whichever comes first.
  func testARealRecordWinsOverADummyOfTheSameFunction() throws {
    let dummy = record(
      nameRef: 42, hash: 0,
      data: leb(1) + leb(0) + leb(0) + leb(1) + leb(0) + leb(1) + leb(1)
        + leb(0) + leb(2))
    XCTAssertEqual(try parse(dummy + sample).functions[42]?.hash, 99)
    XCTAssertEqual(try parse(sample + dummy).functions[42]?.hash, 99)
    XCTAssertEqual(try parse(dummy).functions[42]?.isDummy, true)
  }
}
