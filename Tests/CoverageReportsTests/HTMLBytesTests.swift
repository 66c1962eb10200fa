import XCTest

@testable import CoverageReports

/// The page buffer against an array doing the same: random appends of every kind (ASCII runs, so
/// the text is the bytes; numbers of every length; copies of earlier bytes), across many growths
/// from a tiny capacity, with the insertions and cuts the count format makes.
final class HTMLBytesTests: XCTestCase {
  func testTheBufferHoldsWhatAnArrayDoingTheSameHolds() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<200 {
      var bytes = HTMLBytes(capacity: 1)
      var expected: [UInt8] = []
      for _ in 0..<Int.random(in: 0..<120, using: &generator) {
        switch Int.random(in: 0..<7, using: &generator) {
        case 0:
          bytes.append("<td class=\"count\">")
          expected += Array("<td class=\"count\">".utf8)
        case 1:
          let run = (0..<Int.random(in: 0..<300, using: &generator)).map { _ in
            UInt8.random(in: 0...127, using: &generator)
          }
          run.withUnsafeBufferPointer { bytes.append($0) }
          expected += run
        case 2:
          let shift = UInt64.random(in: 0..<64, using: &generator)
          let value = UInt64.random(in: 0...UInt64.max, using: &generator) >> shift
          bytes.appendDecimal(value)
          expected += Array(String(value).utf8)
        case 3:
          let text = "é\(Int.random(in: 0..<1000, using: &generator))"
          bytes.append(string: text)
          expected += Array(text.utf8)
        case 4 where !expected.isEmpty:
          let offset = Int.random(in: 0...expected.count, using: &generator)
          bytes.insert(UInt8(ascii: "."), at: offset)
          expected.insert(UInt8(ascii: "."), at: offset)
        case 5 where !expected.isEmpty:
          let length = Int.random(in: 0...expected.count, using: &generator)
          bytes.removeLast(length)
          expected.removeLast(length)
        case 6 where !expected.isEmpty:
          let offset = Int.random(in: 0..<expected.count, using: &generator)
          let length = Int.random(in: 0...(expected.count - offset), using: &generator)
          bytes.appendCopy(from: offset, length: length)
          expected += expected[offset..<(offset + length)]
        default:
          bytes.append(UInt8(ascii: "x"))
          expected.append(UInt8(ascii: "x"))
        }
      }
      XCTAssertEqual(bytes.count, expected.count)
      let text = bytes.text()
      XCTAssertEqual(text, String(decoding: expected, as: UTF8.self))
    }
  }

  /// Counted up one at a time, the digits are the number's at every step, carries included.
  func testACounterCountsUpAsNumbersAreWritten() {
    var counter = DecimalCounter()
    var zero = HTMLBytes()
    counter.append(to: &zero)
    let zeroText = zero.text()
    XCTAssertEqual(zeroText, "0")
    for number in 1...120_000 {
      counter.increment()
      var bytes = HTMLBytes()
      counter.append(to: &bytes)
      let text = bytes.text()
      if text != String(number) {
        XCTFail("\(number) written as \(text)")
        return
      }
    }
  }
}
