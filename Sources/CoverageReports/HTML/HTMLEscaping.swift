/// Escaping of everything that comes from the data or the repository before it reaches HTML.
enum HTMLEscaping {
  /// `text` made safe for element content and for quoted attribute values.
  ///
  /// `&`, `<`, `>`, `"` and `'` become character references, so no file name, function name or
  /// source line can open or close a tag or an attribute; NUL, which HTML forbids, becomes
  /// U+FFFD as a browser would read it.
  static func escape(_ text: String) -> String {
    guard text.utf8.contains(where: needsEscaping) else { return text }
    return escape(utf8: text.utf8)
  }

  /// UTF-8 bytes escaped as text (invalid sequences become U+FFFD, as `String(decoding:)` does).
  static func escape<Bytes: Collection<UInt8>>(utf8 bytes: Bytes) -> String {
    guard bytes.contains(where: needsEscaping) else {
      return String(decoding: bytes, as: UTF8.self)
    }
    var result = HTMLBytes(capacity: bytes.count + 32)
    append(escaping: bytes, to: &result)
    return result.text()
  }

  /// Appends UTF-8 bytes escaped. Works on bytes: every character that needs escaping is
  /// ASCII; invalid sequences are left for the final decoding to repair.
  static func append<Bytes: Collection<UInt8>>(escaping bytes: Bytes, to result: inout HTMLBytes) {
    // A native string's bytes, or an array's, are contiguous: scanned as a buffer.
    let done = bytes.withContiguousStorageIfAvailable { buffer -> Bool in
      append(escaping: buffer, to: &result)
      return true
    }
    if done == nil { for byte in bytes { appendEscaped(byte, to: &result) } }
  }

  /// `append(escaping:to:)` for bytes in a buffer (a source line): read eight bytes at a time,
  /// a word where nothing needs escaping passed over with one test (no branch per byte), each
  /// run that needs nothing copied whole.
  static func append(escaping bytes: UnsafeBufferPointer<UInt8>, to result: inout HTMLBytes) {
    guard let base = bytes.baseAddress else { return }
    let count = bytes.count
    var start = 0
    /// Escapes the byte at `offset` if it needs it, after the run before it.
    func visit(_ offset: Int) {
      guard needsEscaping(base[offset]) else { return }
      if offset > start {
        result.append(UnsafeBufferPointer(start: base + start, count: offset - start))
      }
      appendEscaped(base[offset], to: &result)
      start = offset + 1
    }
    var index = 0
    while index &+ 8 <= count {
      if needsEscaping(word: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
        for offset in index..<index &+ 8 { visit(offset) }
      }
      index &+= 8
    }
    while index < count {
      visit(index)
      index &+= 1
    }
    if count > start {
      result.append(UnsafeBufferPointer(start: base + start, count: count - start))
    }
  }

  /// Whether any byte of `bytes` needs escaping, read eight at a time: most source lines have
  /// none, and their pieces are then copied as they are.
  static func anyNeedsEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    var index = 0
    while index &+ 8 <= bytes.count {
      if needsEscaping(word: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
        return true
      }
      index &+= 8
    }
    while index < bytes.count {
      if needsEscaping(base[index]) { return true }
      index &+= 1
    }
    return false
  }

  /// Whether one of the eight bytes of `word` needs escaping: each byte looked for becomes a
  /// zero byte of `word` changed for it, and a word has a zero byte exactly when
  /// `(word - 0x0101…) & ~word` has the high bit of a byte set.
  @inline(__always)
  static func needsEscaping(word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    func zeroBytes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value }
    // NUL and `"`; `&` (0x26) and `'` (0x27) differ in the low bit, `<` (0x3C) and `>`
    // (0x3E) in bit 1, so each pair is one byte once that bit is set.
    let found =
      zeroBytes(word) | zeroBytes(word ^ (0x22 &* ones))
      | zeroBytes((word | ones) ^ (0x27 &* ones))
      | zeroBytes((word | (0x02 &* ones)) ^ (0x3E &* ones))
    return found & (0x80 &* ones) != 0
  }

  private static func appendEscaped(_ byte: UInt8, to result: inout HTMLBytes) {
    switch byte {
    case UInt8(ascii: "&"): result.append("&amp;")
    case UInt8(ascii: "<"): result.append("&lt;")
    case UInt8(ascii: ">"): result.append("&gt;")
    case UInt8(ascii: "\""): result.append("&quot;")
    case UInt8(ascii: "'"): result.append("&#39;")
    case 0: result.append("\u{FFFD}")
    default: result.append(byte)
    }
  }

  private static func needsEscaping(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""),
      UInt8(ascii: "'"), 0:
      true
    default: false
    }
  }
}

extension String {
  /// The string escaped for HTML text and attribute values (`HTMLEscaping.escape`).
  var htmlEscaped: String { HTMLEscaping.escape(self) }
}
