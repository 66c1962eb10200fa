import CoverageModel
import LLVMCoverage

extension JSONScanner {
  /// Where `readPlainArchiveLines` stopped.
  enum PlainLinesStop {
    /// The array's `]` was read: the file's lines are complete.
    case end
    /// At an element of another form (subranges, escapes, a damaged one), the scanner at its
    /// start: the general reader takes it.
    case other
    /// A plain line whose number is not the next one.
    case outOfOrder(line: Int)
    /// After a line, neither `,` nor `]` (or the end of the file), the scanner there.
    case badSeparator
  }

  /// The lines of an xccov archive's file as xccov writes nearly all of them, from the first
  /// element of the list (just after its `[`) or the one after a `,`: objects of `line`,
  /// `isExecutable` and, on executable lines, `executionCount` (any order and spacing, no
  /// escapes, no `subranges`), appended to `counts` (`LineView.unmapped` where not executable)
  /// in one tight loop of byte comparisons.
  /// Numbers out of range, duplicate keys and any other form stop it at that element for the
  /// general reader, which reads it or names the field that is wrong.
  mutating func readPlainArchiveLines(into counts: inout [UInt64], first: Bool) -> PlainLinesStop {
    let base = bytes.baseAddress!
    let end = bytes.count
    var at = position
    var isFirst = first
    while true {
      skipSpaces(base, end, &at)
      if isFirst, at < end, base[at] == UInt8(ascii: "]") {
        position = at + 1
        return .end
      }
      position = at
      guard let (line, count) = plainLine(base, end, &at) else { return .other }
      guard line == counts.count + 1 else { return .outOfOrder(line: line) }
      counts.append(count ?? LineView.unmapped)
      skipSpaces(base, end, &at)
      guard at < end, base[at] == UInt8(ascii: ",") || base[at] == UInt8(ascii: "]") else {
        position = at
        return .badSeparator
      }
      if base[at] == UInt8(ascii: "]") {
        position = at + 1
        return .end
      }
      at += 1
      isFirst = false
    }
  }
}

/// One plain line object at `at` (its `{`): its number and its count (`nil`: not executable);
/// `at` moves past its `}`. `nil` for any other form.
@inline(__always)
private func plainLine(_ base: UnsafePointer<UInt8>, _ end: Int, _ at: inout Int) -> (Int, UInt64?)?
{
  var line: UInt64 = 0
  var executable: UInt8 = 2  // 2: not seen
  var count: UInt64 = 0
  var seen: UInt8 = 0  // bits: 1 line, 2 isExecutable, 4 executionCount (a number)
  guard at < end, base[at] == UInt8(ascii: "{") else { return nil }
  at += 1
  while true {
    skipSpaces(base, end, &at)
    guard at < end, base[at] == UInt8(ascii: "\"") else { return nil }
    let key = at + 1
    // The three keys by length and bytes; the closing quote and colon follow.
    let length: Int
    if key + 5 <= end, matches(base + key, "line\"") {
      guard seen & 1 == 0 else { return nil }
      length = 4
    } else if key + 13 <= end, matches(base + key, "isExecutable\"") {
      guard seen & 2 == 0 else { return nil }
      length = 12
    } else if key + 15 <= end, matches(base + key, "executionCount\"") {
      guard seen & 4 == 0 else { return nil }
      length = 14
    } else {
      return nil
    }
    at = key + length + 1
    skipSpaces(base, end, &at)
    guard at < end, base[at] == UInt8(ascii: ":") else { return nil }
    at += 1
    skipSpaces(base, end, &at)
    switch length {
    case 4:
      guard let value = wholeNumber(base, end, &at, upTo: UInt64(ExportLimits.line)), value >= 1
      else {
        return nil
      }
      line = value
      seen |= 1
    case 12:
      if at + 4 <= end, matches(base + at, "true") {
        executable = 1
        at += 4
      } else if at + 5 <= end, matches(base + at, "false") {
        executable = 0
        at += 5
      } else {
        return nil
      }
      seen |= 2
    default:
      if at + 4 <= end, matches(base + at, "null") {
        at += 4
      } else {
        guard let value = wholeNumber(base, end, &at, upTo: UInt64(Int64.max)) else { return nil }
        count = value
        seen |= 4
      }
    }
    skipSpaces(base, end, &at)
    guard at < end else { return nil }
    if base[at] == UInt8(ascii: ",") {
      at += 1
      continue
    }
    guard base[at] == UInt8(ascii: "}"), seen & 3 == 3, executable == 0 || seen & 4 != 0 else {
      return nil
    }
    at += 1
    return (Int(line), executable == 1 ? count : nil)
  }
}

/// Digits only, at most 19 and up to `limit`; not followed by a digit, a fraction or an exponent.
@inline(__always)
private func wholeNumber(
  _ base: UnsafePointer<UInt8>, _ end: Int, _ at: inout Int, upTo limit: UInt64
)
  -> UInt64?
{
  let first = at
  var value: UInt64 = 0
  while at < end, at - first < 19 {
    let digit = base[at] &- 0x30
    guard digit < 10 else { break }
    value = value &* 10 &+ UInt64(digit)
    at += 1
  }
  guard at > first, value <= limit else { return nil }
  if at < end {
    let next = base[at]
    if next &- 0x30 < 10 || next == UInt8(ascii: ".") || next | 0x20 == UInt8(ascii: "e") {
      return nil
    }
  }
  return value
}

@inline(__always)
private func matches(_ at: UnsafePointer<UInt8>, _ text: StaticString) -> Bool {
  let bytes = text.utf8Start
  for index in 0..<text.utf8CodeUnitCount where at[index] != bytes[index] { return false }
  return true
}

/// Moves `at` past JSON whitespace.
@inline(__always)
private func skipSpaces(_ base: UnsafePointer<UInt8>, _ end: Int, _ at: inout Int) {
  while at < end, base[at] == 0x20 || base[at] == 0x0A || base[at] == 0x0D || base[at] == 0x09 {
    at += 1
  }
}
