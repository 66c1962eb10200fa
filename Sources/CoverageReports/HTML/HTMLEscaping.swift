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

  /// `append(escaping:to:)` for bytes in a buffer (a source line): scanned by index, each run
  /// that needs nothing copied whole.
  static func append(escaping bytes: UnsafeBufferPointer<UInt8>, to result: inout HTMLBytes) {
    var start = 0
    var index = 0
    while index < bytes.count {
      if needsEscaping(bytes[index]) {
        if index > start { result.append(UnsafeBufferPointer(rebasing: bytes[start..<index])) }
        appendEscaped(bytes[index], to: &result)
        start = index + 1
      }
      index += 1
    }
    if bytes.count > start { result.append(UnsafeBufferPointer(rebasing: bytes[start...])) }
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
