/// Escaping for text that covgate writes into XML (Cobertura, SonarQube, JUnit, SVG).
///
/// Every string from the data goes through it: `&`, `<`, `>`, quotes and apostrophes become
/// entities, so neither markup nor `]]>` can appear; characters XML 1.0 cannot hold at all (most
/// control characters, U+FFFE, U+FFFF) become U+FFFD.
enum XMLEscape {
  /// The XML declaration every document covgate writes starts with.
  static let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"

  /// `text` escaped for an attribute value in double quotes; line breaks and tabs become
  /// character references so that readers keep them instead of normalising them to spaces.
  static func attribute(_ text: String) -> String {
    escape(text, inAttribute: true)
  }

  /// `text` escaped for element content.
  static func text(_ text: String) -> String {
    escape(text, inAttribute: false)
  }

  private static func escape(_ text: String, inAttribute: Bool) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      case "\n": out += inAttribute ? "&#10;" : "\n"
      case "\r": out += "&#13;"
      case "\t": out += inAttribute ? "&#9;" : "\t"
      default:
        out.unicodeScalars.append(isAllowed(scalar) ? scalar : "\u{FFFD}")
      }
    }
    return out
  }

  /// XML 1.0's `Char` production (tab, line feed and carriage return handled by the caller).
  private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
    default: false
    }
  }
}
