/// Appending to a page built as UTF-8 bytes, without making `String`s on the way.
extension Array where Element == UInt8 {
  /// Appends a literal's bytes.
  mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { append(contentsOf: $0) }
  }

  /// Appends `value` in decimal digits: written backwards into a buffer on the stack, then
  /// appended at once (three numbers a source line).
  mutating func appendDecimal(_ value: UInt64) {
    var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: UInt64.max has 20 digits
    Swift.withUnsafeMutableBytes(of: &buffer) { digits in
      var start = digits.count
      var value = value
      repeat {
        start -= 1
        digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
        value /= 10
      } while value > 0
      append(contentsOf: UnsafeRawBufferPointer(rebasing: digits[start...]))
    }
  }
}
