import SwiftSyntax

/// Code as one line: every token's text, a space wherever trivia was (comments and line breaks
/// included), so that a copy of the code in a mutant's switch adds no line and the lines after
/// it keep their numbers.
enum OneLineText {
  /// The node's text, with `replace` giving another text for some tokens; nil when a token's
  /// own text spans lines (a multi-line string).
  static func of(
    _ node: some SyntaxProtocol, replacing replace: (TokenSyntax) -> String? = { _ in nil }
  ) -> String? {
    let tokens = Array(node.tokens(viewMode: .sourceAccurate))
    var text = ""
    for (index, token) in tokens.enumerated() {
      let own = replace(token) ?? token.text
      guard !own.contains("\n") else { return nil }
      if index > 0, !token.leadingTrivia.isEmpty, text.last != " " { text += " " }
      text += own
      if index < tokens.count - 1, !token.trailingTrivia.isEmpty { text += " " }
    }
    return text
  }
}
