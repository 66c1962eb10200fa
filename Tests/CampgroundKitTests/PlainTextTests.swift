import CampgroundKit
import Testing

/// Which characters act on a terminal instead of showing, and how they are shown.
struct PlainTextTests {
  @Test(
    "Control characters, separators and bidirectional overrides act",
    arguments: [
      "\u{0}", "\u{7}", "\t", "\n", "\r", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}", "\u{2028}",
      "\u{2029}", "\u{202A}", "\u{202E}", "\u{2066}", "\u{2069}",
    ] as [Unicode.Scalar])
  func acts(scalar: Unicode.Scalar) {
    #expect(PlainText.isControl(scalar))
    #expect(PlainText.firstControl(in: "Ada\(Character(scalar))Lovelace") == scalar)
  }

  @Test(
    "Letters, marks, spaces, emoji and the joiners names need show",
    arguments: [
      "a", "é", " ", "\u{A0}", "\u{301}", "\u{200C}", "\u{200D}", "\u{FE0F}", "🏕", "Ð", "字",
    ] as [Unicode.Scalar])
  func shows(scalar: Unicode.Scalar) {
    #expect(!PlainText.isControl(scalar))
  }

  @Test("Each acting character is written as its code; other text is left as it is")
  func escaped() {
    let repaint = "Ada\u{1B}[2J\u{1B}]0;pwned\u{7}"
    #expect(PlainText.escaped(repaint) == "Ada\\u{1B}[2J\\u{1B}]0;pwned\\u{7}")
    #expect(PlainText.escaped("Zoë 🏕️\u{202E}") == "Zoë 🏕️\\u{202E}")
    #expect(PlainText.escaped("Bacon Lover") == "Bacon Lover")
    #expect(PlainText.firstControl(in: "Bacon Lover") == nil)
  }

  @Test(
    "A scalar's code has at least four hex digits",
    arguments: [("\u{1B}" as Unicode.Scalar, "U+001B"), ("\u{202E}", "U+202E"), ("🏕", "U+1F3D5")])
  func code(scalar: Unicode.Scalar, code: String) {
    #expect(PlainText.code(scalar) == code)
  }
}
