import XCTest

@testable import CovgateSupport

/// The byte searches agree with `String.UTF8View`'s own, on substrings that start anywhere.
final class UTF8SearchTests: XCTestCase {
  private let alphabet: [String] = ["a", "/", "é", "b", "/", "🙂", ".", "\r\n"]

  private func randomText(_ generator: inout some RandomNumberGenerator) -> String {
    (0..<Int.random(in: 0...12, using: &generator)).map { _ in
      alphabet.randomElement(using: &generator)!
    }.joined()
  }

  func testTheByteSearchesAgreeWithTheUTF8View() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<3000 {
      let whole = randomText(&generator) + randomText(&generator)
      let offsets = Array(whole.indices) + [whole.endIndex]
      let start = offsets.randomElement(using: &generator)!
      let text = whole[start...]
      let slash = UInt8(ascii: "/")
      XCTAssertEqual(text.lastIndex(ofByte: slash), text.utf8.lastIndex(of: slash), "\(text)")
      let prefix = randomText(&generator)
      XCTAssertEqual(
        text.startsWithBytes(of: prefix), text.utf8.starts(with: prefix.utf8), "\(text) \(prefix)")
      let other =
        Bool.random(using: &generator) ? Substring(String(text)) : randomText(&generator)[...]
      XCTAssertEqual(
        text.hasSameBytes(as: other), text.utf8.elementsEqual(other.utf8), "\(text) \(other)")
    }
  }

  /// Canonically equal texts with other bytes are not the same bytes (as paths on disk).
  func testCanonicallyEqualTextIsNotTheSameBytes() {
    let composed = "caf\u{E9}"[...]
    let decomposed = "cafe\u{301}"[...]
    XCTAssertEqual(composed, decomposed)
    XCTAssertFalse(composed.hasSameBytes(as: decomposed))
    XCTAssertFalse(composed.startsWithBytes(of: "cafe"))
    XCTAssertTrue(decomposed.startsWithBytes(of: "cafe"))
  }
}
