import XCTest

@testable import CoverageReports

/// `CountFormat` against llvm-cov's `SourceCoverageView::formatCount`: up to three digits as
/// they are; else the first `len % 3` digits (3 when that is 0), a `.` and the digits up to three
/// when fewer than three, then `" kMGTPEZY"[(len - 1) / 3]`. Digits are cut, never rounded.
final class HTMLCountFormatTests: XCTestCase {
  func testSmallCountsStayAsTheyAre() {
    XCTAssertEqual(CountFormat.abbreviated(0), "0")
    XCTAssertEqual(CountFormat.abbreviated(7), "7")
    XCTAssertEqual(CountFormat.abbreviated(999), "999")
  }

  func testThousandsKeepThreeDigitsCutNotRounded() {
    XCTAssertEqual(CountFormat.abbreviated(1000), "1.00k")
    XCTAssertEqual(CountFormat.abbreviated(1234), "1.23k")
    XCTAssertEqual(CountFormat.abbreviated(1999), "1.99k")
    XCTAssertEqual(CountFormat.abbreviated(12_345), "12.3k")
    XCTAssertEqual(CountFormat.abbreviated(99_999), "99.9k")
    XCTAssertEqual(CountFormat.abbreviated(123_456), "123k")
    XCTAssertEqual(CountFormat.abbreviated(999_999), "999k")
  }

  func testLargerUnits() {
    XCTAssertEqual(CountFormat.abbreviated(1_000_000), "1.00M")
    XCTAssertEqual(CountFormat.abbreviated(4_567_890), "4.56M")
    XCTAssertEqual(CountFormat.abbreviated(45_000_000), "45.0M")
    XCTAssertEqual(CountFormat.abbreviated(2_100_000_000), "2.10G")
    XCTAssertEqual(CountFormat.abbreviated(1_000_000_000_000), "1.00T")
    XCTAssertEqual(CountFormat.abbreviated(123_000_000_000_000), "123T")
    XCTAssertEqual(CountFormat.abbreviated(1_000_000_000_000_000), "1.00P")
    XCTAssertEqual(CountFormat.abbreviated(9_223_372_036_854_775_807), "9.22E")
    XCTAssertEqual(CountFormat.abbreviated(UInt64.max), "18.4E")
  }

  func testMatchesTheReferenceRuleEverywhere() {
    var value: UInt64 = 1
    for _ in 0..<64 {
      for candidate in [value, value &- 1, value &+ 1] {
        XCTAssertEqual(CountFormat.abbreviated(candidate), reference(candidate), "\(candidate)")
      }
      value = value &* 3 &+ 1
    }
  }

  /// A transliteration of llvm-cov's `formatCount`, string index by string index.
  private func reference(_ count: UInt64) -> String {
    let number = Array(String(count))
    let length = number.count
    if length <= 3 { return String(number) }
    let integerLength = length % 3 == 0 ? 3 : length % 3
    var result = String(number[0..<integerLength])
    if integerLength != 3 {
      result += "." + String(number[integerLength..<3])
    }
    result.append(Array(" kMGTPEZY")[(length - 1) / 3])
    return result
  }

  func testDecimalDigitsAppendedAsBytes() {
    for value: UInt64 in [0, 7, 10, 99, 100, 1_000_000, UInt64.max] {
      var bytes = HTMLBytes(capacity: 1)
      bytes.append(UInt8(ascii: "x"))
      bytes.appendDecimal(value)
      let text = bytes.text()
      XCTAssertEqual(text, "x\(value)")
    }
  }
}
