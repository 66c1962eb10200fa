import Foundation
import XCTest

@testable import CoverageAcquisition

/// Where each platform finds a test binary's coverage mapping: ELF sections on Linux (read from
/// this very test binary, built with coverage), the `__LLVM_COV` segment's sections on macOS
/// (hand-built Mach-O files: no Mac here).
final class CoverageSectionsTests: XCTestCase {
  private func word<T: FixedWidthInteger>(_ value: T, bigEndian: Bool = false) -> [UInt8] {
    withUnsafeBytes(of: bigEndian ? value.bigEndian : value.littleEndian) { Array($0) }
  }

  private func name(_ text: String) -> [UInt8] {
    Array(text.utf8) + Array(repeating: 0, count: 16 - text.utf8.count)
  }

  /// A thin Mach-O file: one `__LLVM_COV` segment with `__llvm_covmap` ("MAP!") and
  /// `__llvm_covfun` ("FUNCTIONS").
  private func machO(segment: String = "__LLVM_COV") -> [UInt8] {
    let commandSize = 72 + 2 * 80
    let dataStart = 32 + commandSize
    var bytes =
      word(UInt32(0xfeed_facf)) + word(UInt32(0x0100_000c)) + word(UInt32(0))
      + word(UInt32(6)) + word(UInt32(1)) + word(UInt32(commandSize)) + word(UInt32(0))
      + word(UInt32(0))
    bytes += word(UInt32(0x19)) + word(UInt32(commandSize)) + name(segment)
    bytes += Array(repeating: 0, count: 64 - 24) + word(UInt32(2)) + word(UInt32(0))
    for (section, offset, size) in [
      ("__llvm_covmap", dataStart, 4), ("__llvm_covfun", dataStart + 4, 9),
    ] {
      bytes +=
        name(section) + name(segment) + word(UInt64(0)) + word(UInt64(size))
        + word(UInt32(offset)) + Array(repeating: 0, count: 80 - 52)
    }
    return bytes + Array("MAP!FUNCTIONS".utf8)
  }

  private func sections(_ bytes: [UInt8]) throws -> CoverageSections {
    let path = NSTemporaryDirectory() + "sections-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: path) }
    FileManager.default.createFile(atPath: path, contents: Data(bytes))
    return try MacPlatform().coverageSections(ofBinary: path)
  }

  func testMachOSectionsAreFoundInTheCoverageSegment() throws {
    let found = try sections(machO())
    XCTAssertEqual(
      found, CoverageSections(covmap: Array("MAP!".utf8), covfun: Array("FUNCTIONS".utf8)))
  }

  /// A universal file: its first 64-bit slice, offsets within the slice.
  func testTheSliceOfAUniversalFileIsRead() throws {
    let slice = machO()
    let header =
      word(UInt32(0xcafe_babe), bigEndian: true) + word(UInt32(1), bigEndian: true)
      + word(UInt32(0x0100_000c), bigEndian: true) + word(UInt32(0), bigEndian: true)
      + word(UInt32(64), bigEndian: true) + word(UInt32(slice.count), bigEndian: true)
      + word(UInt32(3), bigEndian: true)
    let found = try sections(header + Array(repeating: 0, count: 64 - header.count) + slice)
    XCTAssertEqual(found.covfun, Array("FUNCTIONS".utf8))
  }

  func testABinaryWithoutTheSectionsOrNotAnObjectIsAnErrorSayingWhich() throws {
    XCTAssertThrowsError(try sections(machO(segment: "__DATA"))) {
      XCTAssertTrue("\($0)".contains("no coverage mapping"), "\($0)")
    }
    XCTAssertThrowsError(try sections(Array("not a binary".utf8))) {
      XCTAssertTrue("\($0)".contains("not an object file"), "\($0)")
    }
    XCTAssertThrowsError(try sections(Array(machO().prefix(100)))) {
      XCTAssertTrue("\($0)".contains("not an object file"), "\($0)")
    }
    XCTAssertThrowsError(try LinuxPlatform().coverageSections(ofBinary: "/nonexistent")) {
      XCTAssertTrue("\($0)".contains("cannot read it"), "\($0)")
    }
  }

  /// This test binary is built with coverage: its covmap header says format version 7 (6 as
  /// stored), what Swift 6's LLVM writes.
  func testTheELFSectionsOfARealTestBinaryAreFound() throws {
    #if os(Linux)
      let binary = ProcessInfo.processInfo.arguments[0]
      let found = try LinuxPlatform().coverageSections(ofBinary: binary)
      XCTAssertEqual(found.covmap.count >= 16 ? Array(found.covmap[12..<16]) : [], [6, 0, 0, 0])
      XCTAssertGreaterThan(found.covfun.count, 1000)
      XCTAssertThrowsError(try LinuxPlatform().coverageSections(ofBinary: "/bin/sh")) {
        XCTAssertTrue("\($0)".contains("no coverage mapping"), "\($0)")
      }
    #endif
  }
}
