/// Text that shows on a terminal as written: what a camper's name or phone number may hold,
/// and how text from elsewhere (rows stored before the rule, a weather service) is printed.
///
/// A control character does not show, it acts: an escape sequence in a name could repaint the
/// ranger's terminal, clear it or retitle its window. Such characters are refused on the way in
/// and written as their codes (`\u{1B}`) on the way out.
public enum PlainText {
  /// Whether `scalar` acts instead of showing: a control character (Unicode's Cc: the C0 set
  /// with ESC, DEL, and the C1 set with CSI), a line or paragraph separator, or a bidirectional
  /// embedding, override or isolate (U+202A to U+202E, U+2066 to U+2069), which reorder the text
  /// that follows them. Joiners (U+200C, U+200D) stay allowed: names in many scripts need them.
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator:
      return true
    default:
      return (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
  }

  /// The first scalar of `text` that acts instead of showing, or nil.
  public static func firstControl(in text: String) -> Unicode.Scalar? {
    text.unicodeScalars.first { isControl($0) }
  }

  /// `text` with each scalar that would act written as its code (`\u{1B}`), so it shows.
  public static func escaped(_ text: String) -> String {
    guard firstControl(in: text) != nil else { return text }
    var shown = ""
    for scalar in text.unicodeScalars {
      if isControl(scalar) {
        shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        shown.unicodeScalars.append(scalar)
      }
    }
    return shown
  }

  /// The scalar's Unicode name for a message: `U+001B`.
  public static func code(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(4 - hex.count, 0)) + hex
  }
}
