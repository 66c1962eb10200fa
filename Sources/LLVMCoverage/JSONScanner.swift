/// A forward-only JSON reader over raw bytes, made for llvm-cov exports (the xccov reader in
/// CoverageReaders uses it too, through package access).
///
/// It never builds a document tree: the caller walks the shape it expects and skips the rest,
/// which keeps ingest fast and its memory proportional to what is kept.
package struct JSONScanner {
  /// The bytes read, and where the next read starts (extensions in other files read them too).
  package let bytes: UnsafeBufferPointer<UInt8>
  package var position = 0
  /// Containers nested deeper than this are rejected instead of exhausting the stack.
  static let maximumDepth = 512

  package init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  package var isAtEnd: Bool {
    mutating get {
      skipWhitespace()
      return position >= bytes.count
    }
  }

  // MARK: Structure

  /// Consumes `{`, then calls `body` with each key, positioned at its value.
  package mutating func readObject(_ body: (inout JSONScanner, Key) throws -> Void) throws {
    try expect(UInt8(ascii: "{"), what: "an object")
    skipWhitespace()
    if try peek() == UInt8(ascii: "}") {
      position += 1
      return
    }
    while true {
      let key = try readKey()
      try expect(UInt8(ascii: ":"), what: "':' after a key")
      let before = position
      try body(&self, key)
      if position == before { try skipValue() }
      skipWhitespace()
      switch try next() {
      case UInt8(ascii: ","): continue
      case UInt8(ascii: "}"): return
      default: throw error("expected ',' or '}' in an object")
      }
    }
  }

  /// Consumes `[`, then calls `body` for each element, positioned at it.
  package mutating func readArray(_ body: (inout JSONScanner) throws -> Void) throws {
    _ = try readElements(continuing: false, boundary: nil, body)
  }

  /// The elements of the array the scanner is at (its `[`), or, `continuing`, from the element
  /// the scanner is at onward, each read by `body`; stops where the next element would start at
  /// `boundary` (false, the scanner there), or past the array's `]` (true).
  package mutating func readElements(
    continuing: Bool, boundary: Int?, _ body: (inout JSONScanner) throws -> Void
  ) throws -> Bool {
    if !continuing {
      try expect(UInt8(ascii: "["), what: "an array")
      skipWhitespace()
      if try peek() == UInt8(ascii: "]") {
        position += 1
        return true
      }
    }
    while true {
      skipWhitespace()
      if position == boundary { return false }
      let before = position
      try body(&self)
      if position == before { try skipValue() }
      skipWhitespace()
      switch try next() {
      case UInt8(ascii: ","): continue
      case UInt8(ascii: "]"): return true
      default: throw error("expected ',' or ']' in an array")
      }
    }
  }

  /// An object key, compared without allocating.
  package struct Key {
    let start: UnsafePointer<UInt8>
    let count: Int

    package static func == (lhs: Key, rhs: StaticString) -> Bool {
      lhs.count == rhs.utf8CodeUnitCount
        && memcmpEqual(lhs.start, rhs.utf8Start, lhs.count)
    }
  }

  private mutating func readKey() throws -> Key {
    skipWhitespace()
    try expect(UInt8(ascii: "\""), what: "a key")
    let start = position
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        let key = Key(start: bytes.baseAddress! + start, count: position - start)
        position += 1
        return key
      }
      // Keys of llvm-cov exports never hold escapes; an escaped key just matches nothing.
      if byte == UInt8(ascii: "\\") { position += 1 }
      position += 1
    }
    throw truncated()
  }

  // MARK: Scalars

  /// Reads an execution count: a whole number from 0 to `Int64.max`, which is where llvm-cov
  /// clamps the counts it writes. Anything else is an error naming `field`, never a saturated
  /// figure.
  package mutating func readCount(_ field: @autoclosure () -> String) throws -> UInt64 {
    try readWholeNumber(
      upTo: UInt64(Int64.max), field(), limit: "llvm-cov writes counts up to 9223372036854775807")
  }

  /// Reads a whole number from 0 to `limit` (a line, a column, an index or a summary count);
  /// `reason` says where the limit comes from.
  package mutating func readInt(
    upTo limit: Int, _ field: @autoclosure () -> String, limit reason: @autoclosure () -> String
  ) throws -> Int {
    Int(try readWholeNumber(upTo: UInt64(limit), field(), limit: reason()))
  }

  private mutating func readWholeNumber(
    upTo limit: UInt64, _ field: @autoclosure () -> String, limit reason: @autoclosure () -> String
  ) throws -> UInt64 {
    skipWhitespace()
    let start = position
    var value: UInt64 = 0
    var overflowed = false
    while position < bytes.count {
      let digit = bytes[position] &- UInt8(ascii: "0")
      guard digit < 10 else { break }
      let (times10, o1) = value.multipliedReportingOverflow(by: 10)
      let (sum, o2) = times10.addingReportingOverflow(UInt64(digit))
      if o1 || o2 { overflowed = true } else { value = sum }
      position += 1
    }
    guard position > start else {
      if position < bytes.count, bytes[position] == UInt8(ascii: "-") {
        throw error("\(field()) is a negative number")
      }
      throw error("expected a number for \(field())")
    }
    if position < bytes.count {
      let next = bytes[position]
      if next == UInt8(ascii: ".") || next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
        throw error("\(field()) is not a whole number")
      }
    }
    guard !overflowed, value <= limit else {
      let digits = position - start
      let shown = String(
        decoding: UnsafeBufferPointer(rebasing: bytes[start..<min(position, start + 24)]),
        as: UTF8.self)
      let number = digits > 24 ? "\(shown)... (\(digits) digits)" : shown
      throw JSONScanError(
        message: "\(field()) is \(number), out of range (\(reason()))", offset: start,
        truncated: false)
    }
    return value
  }

  /// Reads any JSON number as a `Double` (a duration, a percentage).
  package mutating func readDouble() throws -> Double {
    skipWhitespace()
    let start = position
    try skipNumber()
    let text = String(
      decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    guard let value = Double(text), value.isFinite else { throw error("\(text) is not a number") }
    return value
  }

  package mutating func readBool() throws -> Bool {
    skipWhitespace()
    // Segments hold three flags each: the first byte decides which literal to match.
    if position < bytes.count {
      if bytes[position] == UInt8(ascii: "t"), matchLiteral("true") { return true }
      if bytes[position] == UInt8(ascii: "f"), matchLiteral("false") { return false }
    }
    throw error("expected true or false")
  }

  // MARK: Skipping

  /// Skips one value of any kind, validating its syntax, without recursion.
  package mutating func skipValue() throws {
    var closers: [UInt8] = []
    nextValue: while true {
      skipWhitespace()
      let byte = try peek()
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        let closer = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
        position += 1
        skipWhitespace()
        if try peek() == closer {
          position += 1
        } else {
          guard closers.count < Self.maximumDepth else {
            throw error("nesting deeper than \(Self.maximumDepth) levels")
          }
          closers.append(closer)
          if closer == UInt8(ascii: "}") {
            _ = try readKey()
            try expect(UInt8(ascii: ":"), what: "':' after a key")
          }
          continue nextValue
        }
      case UInt8(ascii: "\""):
        try skipString()
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        try skipNumber()
      default:
        guard matchLiteral("true") || matchLiteral("false") || matchLiteral("null") else {
          throw error("unexpected character")
        }
      }
      // After a value: move to the next element or close containers.
      while let closer = closers.last {
        skipWhitespace()
        let separator = try next()
        if separator == UInt8(ascii: ",") {
          if closer == UInt8(ascii: "}") {
            _ = try readKey()
            try expect(UInt8(ascii: ":"), what: "':' after a key")
          }
          continue nextValue
        }
        guard separator == closer else { throw error("expected ',' or a closing bracket") }
        closers.removeLast()
      }
      return
    }
  }

  private mutating func skipString() throws {
    position += 1
    while position < bytes.count {
      let byte = bytes[position]
      position += 1
      if byte == UInt8(ascii: "\"") { return }
      if byte == UInt8(ascii: "\\") { position += 1 }
    }
    throw truncated()
  }

  private mutating func skipNumber() throws {
    let start = position
    while position < bytes.count {
      switch bytes[position] {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
        UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
        position += 1
      default:
        guard position > start else { throw error("expected a number") }
        return
      }
    }
  }

  // MARK: Bytes

  @inline(__always)
  package mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x0A, 0x0D, 0x09: position += 1
      default: return
      }
    }
  }

  package mutating func peek() throws -> UInt8 {
    guard position < bytes.count else { throw truncated() }
    return bytes[position]
  }

  package mutating func next() throws -> UInt8 {
    guard position < bytes.count else { throw truncated() }
    defer { position += 1 }
    return bytes[position]
  }

  package mutating func expect(_ byte: UInt8, what: String) throws {
    skipWhitespace()
    guard position < bytes.count else { throw truncated() }
    guard bytes[position] == byte else { throw error("expected \(what)") }
    position += 1
  }

  private mutating func matchLiteral(_ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard position + count <= bytes.count,
      memcmpEqual(bytes.baseAddress! + position, literal.utf8Start, count)
    else { return false }
    position += count
    return true
  }

  package func error(_ message: String) -> JSONScanError {
    JSONScanError(message: message, offset: position, truncated: false)
  }

  package func truncated() -> JSONScanError {
    JSONScanError(message: "the file ends early", offset: position, truncated: true)
  }
}

/// A syntax error at a byte offset.
package struct JSONScanError: Error {
  package var message: String
  package var offset: Int
  package var truncated: Bool
}

private func memcmpEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool
{
  for index in 0..<count where a[index] != b[index] { return false }
  return true
}

extension JSONScanner {
  /// Reads an array of exactly `values.count` whole numbers as llvm-cov writes them (`[1,2,3]`:
  /// digits and commas, nothing else) into `values`, for a hot path; false, the scanner left
  /// where it was, for any other form (spaces, signs, fractions, another count, more than 19
  /// digits), which the general path then reads or names as an error.
  package mutating func readCompactWholeNumbers(into values: UnsafeMutableBufferPointer<UInt64>)
    -> Bool
  {
    let fieldCount = values.count
    let start = position
    var at = position
    let end = bytes.count
    guard at < end, bytes[at] == UInt8(ascii: "[") else { return false }
    at += 1
    for index in 0..<fieldCount {
      var value: UInt64 = 0
      let first = at
      while at < end, at - first < 19 {
        let digit = bytes[at] &- UInt8(ascii: "0")
        guard digit < 10 else { break }
        value = value &* 10 &+ UInt64(digit)
        at += 1
      }
      let separator = index == fieldCount - 1 ? UInt8(ascii: "]") : UInt8(ascii: ",")
      guard at > first, at < end, bytes[at] == separator else {
        position = start
        return false
      }
      values[index] = value
      at += 1
    }
    position = at
    return true
  }
}
