/// Segments, the bulk of every export, read in one pass when they have their usual shape.
extension JSONScanner {
  /// One segment as llvm-cov writes it.
  struct Segment {
    var line: Int
    var column: Int
    var count: UInt64
    var hasCount: Bool
    var isRegionEntry: Bool
    var isGap: Bool
  }

  /// The common shape of a segment, `[line, column, count, bool, bool(, bool)]` with every number
  /// in range, on a real line and not before `previous`, read in one pass without closures.
  /// Anything else gives nil with the position unchanged, so the general reader reads it again
  /// and names the fault.
  mutating func readPlainSegment(
    lineLimit: UInt64, columnLimit: UInt64, after previous: (line: Int, column: Int)
  ) -> Segment? {
    let start = position
    if let segment = plainSegment(lineLimit: lineLimit, columnLimit: columnLimit),
      segment.line >= 1, (segment.line, segment.column) >= previous
    {
      return segment
    }
    position = start
    return nil
  }

  @inline(__always)
  private mutating func plainSegment(lineLimit: UInt64, columnLimit: UInt64) -> Segment? {
    guard skipping(UInt8(ascii: "[")), let line = plainNumber(upTo: lineLimit),
      skipping(UInt8(ascii: ",")),
      let column = plainNumber(upTo: columnLimit), skipping(UInt8(ascii: ",")),
      let count = plainNumber(upTo: UInt64(Int64.max)), skipping(UInt8(ascii: ",")),
      let hasCount = plainBool(), skipping(UInt8(ascii: ",")), let isEntry = plainBool()
    else { return nil }
    var isGap = false
    if skipping(UInt8(ascii: ",")) {
      guard let gap = plainBool() else { return nil }
      isGap = gap
    }
    guard skipping(UInt8(ascii: "]")) else { return nil }
    return Segment(
      line: Int(line), column: Int(column), count: count, hasCount: hasCount,
      isRegionEntry: isEntry,
      isGap: isGap)
  }

  /// Consumes whitespace and then `byte`, if it is next.
  @inline(__always)
  private mutating func skipping(_ byte: UInt8) -> Bool {
    skipWhitespace()
    guard position < bytes.count, bytes[position] == byte else { return false }
    position += 1
    return true
  }

  /// Up to 18 digits (no overflow possible) not followed by a fraction or exponent, within `limit`.
  @inline(__always)
  private mutating func plainNumber(upTo limit: UInt64) -> UInt64? {
    skipWhitespace()
    let start = position
    var value: UInt64 = 0
    while position < bytes.count, position - start < 18 {
      let digit = bytes[position] &- UInt8(ascii: "0")
      guard digit < 10 else { break }
      value = value &* 10 &+ UInt64(digit)
      position += 1
    }
    guard position > start, position < bytes.count, value <= limit else { return nil }
    switch bytes[position] {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "e"),
      UInt8(ascii: "E"):
      return nil
    default:
      return value
    }
  }

  @inline(__always)
  private mutating func plainBool() -> Bool? {
    skipWhitespace()
    let rest = bytes.count - position
    guard rest >= 4, let base = bytes.baseAddress.map({ $0 + position }) else { return nil }
    if base[0] == UInt8(ascii: "t"), base[1] == UInt8(ascii: "r"), base[2] == UInt8(ascii: "u"),
      base[3] == UInt8(ascii: "e")
    {
      position += 4
      return true
    }
    if rest >= 5, base[0] == UInt8(ascii: "f"), base[1] == UInt8(ascii: "a"),
      base[2] == UInt8(ascii: "l"),
      base[3] == UInt8(ascii: "s"), base[4] == UInt8(ascii: "e")
    {
      position += 5
      return false
    }
    return nil
  }
}
