/// Appending to a page built as UTF-8 bytes, without making `String`s on the way.
extension Array where Element == UInt8 {
  /// Appends a literal's bytes.
  mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { append(contentsOf: $0) }
  }

  /// Appends `value` in decimal digits.
  mutating func appendDecimal(_ value: UInt64) {
    var digits = 1
    var rest = value / 10
    while rest > 0 {
      digits += 1
      rest /= 10
    }
    append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
    var value = value
    for position in stride(from: count - 1, through: count - digits, by: -1) {
      self[position] = UInt8(ascii: "0") + UInt8(value % 10)
      value /= 10
    }
  }
}
