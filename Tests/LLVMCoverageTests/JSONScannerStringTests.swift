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

  /// Before macOS 15 (no `String(validating:as:)`), strings are checked by transcoding: the
  /// same answer for valid text and for each kind of ill-formed UTF-8, and on random bytes.
  func testTheCheckBeforeMacOS15AnswersAsTheStandardLibrarysOwn() throws {
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else {
      throw XCTSkip("the standard library's check to compare with needs macOS 15")
    }
    let cases: [[UInt8]] = [
      [], Array("plain".utf8), Array("é日本語🎉".utf8),
      [0xC0, 0xAF],  // overlong "/"
      [0xED, 0xA0, 0x80],  // a UTF-16 surrogate
      [0xF4, 0x90, 0x80, 0x80],  // past U+10FFFF
      [0xE6, 0x97],  // cut short
      [0x80], [0xFF], [0x61, 0xC3],
    ]
    var generator = SystemRandomNumberGenerator()
    let random = (0..<2000).map { _ in
      (0..<Int.random(in: 0...6, using: &generator)).map { _ in
        UInt8.random(in: 0x60...0xF5, using: &generator)
      }
    }
    for bytes in cases + random {
      XCTAssertEqual(
        JSONScanner.validUTF8ByTranscoding(bytes), String(validating: bytes, as: UTF8.self),
        "\(bytes)")
    }
    XCTAssertNil(JSONScanner.validUTF8ByTranscoding([0xC0, 0xAF]))
    XCTAssertEqual(JSONScanner.validUTF8ByTranscoding(Array("é".utf8)), "é")
  }
}
