/// Escaping of everything that comes from the data or the repository before it reaches HTML.
enum HTMLEscaping {
  /// `text` made safe for element content and for quoted attribute values.
  ///
  /// `&`, `<`, `>`, `"` and `'` become character references, so no file name, function name or
  /// source line can open or close a tag or an attribute; NUL, which HTML forbids, becomes
  /// U+FFFD as a browser would read it.
  static func escape(_ text: String) -> String {
    guard text.utf8.contains(where: needsEscaping) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      case "\u{0}": result += "\u{FFFD}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
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
