/// Escaping for text that covgate writes into Markdown (GitHub and GitLab comments, step
/// summaries).
///
/// Every string from the data goes through it, so that a path or message cannot open a link,
/// an image, inline HTML, emphasis, code, math, a new table cell, or a heading, list or quote:
/// the punctuation that means something there is backslash-escaped (CommonMark lets any ASCII
/// punctuation be), and line breaks become spaces so that a value stays on its table row or
/// list item.
enum MarkdownEscape {
  /// Characters escaped wherever they are.
  static let inline: Set<Character> = ["\\", "`", "*", "_", "[", "]", "<", ">", "|", "~", "&", "$"]
  /// Characters that start a block (heading, list, setext underline) at the start of a value.
  static let blockStart: Set<Character> = ["#", "-", "+", "="]

  /// `text` safe for a Markdown paragraph, list item or table cell.
  static func text(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    var atStart = true
    var leadingDigits = false
    for character in text {
      if character.isNewline || character == "\t" {
        out.append(" ")
        continue
      }
      let escaped =
        inline.contains(character)
        || (atStart && blockStart.contains(character))
        || (leadingDigits && (character == "." || character == ")"))
      if escaped { out.append("\\") }
      out.append(character)
      if character == " " && atStart { continue }
      leadingDigits = (atStart || leadingDigits) && character.isASCII && character.isNumber
      atStart = false
    }
    return out
  }
}
