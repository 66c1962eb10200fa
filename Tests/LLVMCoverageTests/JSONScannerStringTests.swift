import Foundation
import XCTest

@testable import LLVMCoverage

/// Strings read eight bytes at a time decode as Foundation decodes them, and every fault is
/// named where it is, whatever its place in a word of eight.
final class JSONScannerStringTests: XCTestCase {
  private func read(_ json: [UInt8], reusing previous: String? = nil) throws -> String {
    try json.withUnsafeBufferPointer { bytes in
      var scanner = JSONScanner(bytes: bytes)
      return try scanner.readString(reusing: previous)
    }
  }

  func testStringsDecodeAsFoundationDecodesThem() throws {
    let pieces = [
      "", "a", "/work/pkg/Sources/A.swift", "tab\there", "quote\"in", "back\\slash", "é", "日本語",
      "emoji 🎉", "\u{1F}",
    ]
    for left in pieces {
      for padding in 0..<10 {
        let text =
          String(repeating: "x", count: padding) + left + String(repeating: "y", count: 9 - padding)
        let json = try JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed])
        let element = Array(json.dropFirst().dropLast())  // the string alone, without [ ]
        XCTAssertEqual(try read(element), text, text)
      }
    }
  }

  func testAControlCharacterIsNamedWhereItIs() {
    for place in 0..<12 {
      var bytes =
        Array("\"".utf8) + Array(repeating: UInt8(ascii: "a"), count: 12) + Array("\"".utf8)
      bytes[1 + place] = 0x0A
      XCTAssertThrowsError(try read(bytes)) { error in
        let scanError = error as? JSONScanError
        XCTAssertEqual(scanError?.message, "a control character inside a string")
        XCTAssertEqual(scanError?.offset, 1 + place)
      }
    }
  }

  func testInvalidUTF8AndAMissingEndAreFaults() {
    XCTAssertThrowsError(try read(Array("\"abcdefgh".utf8) + [0xFF, 0xFE] + Array("\"".utf8))) {
      XCTAssertEqual(($0 as? JSONScanError)?.message, "a string is not valid UTF-8")
    }
    XCTAssertThrowsError(try read(Array("\"abcdefghijk".utf8))) {
      XCTAssertEqual(($0 as? JSONScanError)?.truncated, true)
    }
  }

  func testARepeatedStringIsTheSameString() throws {
    let first = try read(Array("\"/work/pkg/Sources/Some/Long/Path.swift\"".utf8))
    let again = try read(Array("\"/work/pkg/Sources/Some/Long/Path.swift\"".utf8), reusing: first)
    XCTAssertEqual(again, first)
    let other = try read(Array("\"/work/pkg/Sources/Some/Long/Path.swiff\"".utf8), reusing: first)
    XCTAssertEqual(other, "/work/pkg/Sources/Some/Long/Path.swiff")
  }
}
