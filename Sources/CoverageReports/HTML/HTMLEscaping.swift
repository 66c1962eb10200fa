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

  /// `append(escaping:to:)` for bytes in a buffer (a source line): each run that needs
  /// nothing copied whole.
  static func append(escaping bytes: UnsafeBufferPointer<UInt8>, to result: inout HTMLBytes) {
    var start = 0
    while let found = firstNeedingEscape(in: bytes, from: start) {
      if found > start { result.append(UnsafeBufferPointer(rebasing: bytes[start..<found])) }
      appendEscaped(bytes[found], to: &result)
      start = found + 1
    }
    if bytes.count > start { result.append(UnsafeBufferPointer(rebasing: bytes[start...])) }
  }

  /// Whether any byte of `bytes` needs escaping: most source lines have none, and their pieces
  /// are then copied as they are.
  static func anyNeedsEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    firstNeedingEscape(in: bytes, from: 0) != nil
  }

  /// The first byte from `start` on that needs escaping, the bytes read eight at a time: a
  /// word where nothing does is passed over with one test (no branch per byte).
  private static func firstNeedingEscape(in bytes: UnsafeBufferPointer<UInt8>, from start: Int)
    -> Int?
  {
    guard let base = bytes.baseAddress else { return nil }
    var index = start
    while index &+ 8 <= bytes.count,
      !needsEscaping(word: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
    {
      index &+= 8
    }
    while index < bytes.count {
      if needsEscaping(base[index]) { return index }
      index &+= 1
    }
    return nil
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

extension String {
  /// Escaped for HTML, with a line-break opportunity (`<wbr>`) after each `/`, `.`, `(`, `:` and
  /// `,`: a long path or function name wraps between its parts, never inside a word.
  var htmlEscapedBreakable: String {
    var html = HTMLBytes(capacity: utf8.count * 2 + 16)
    var start = utf8.startIndex
    for index in utf8.indices {
      switch utf8[index] {
      case UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "("), UInt8(ascii: ":"),
        UInt8(ascii: ","):
        HTMLEscaping.append(escaping: utf8[start...index], to: &html)
        html.append("<wbr>")
        start = utf8.index(after: index)
      default: continue
      }
    }
    HTMLEscaping.append(escaping: utf8[start...], to: &html)
    return html.text()
  }
}
