import SwiftParser
import SwiftSyntax

/// Whether an edit of a source lies inside one body of code that has coverage counters (a
/// function's, an initializer's, an accessor's): a test that ran no counted code of the file
/// before the edit cannot run the edited code after it, so its coverage is unchanged.
///
/// An edit anywhere else (a declaration, a stored property, a global or `static` initializer,
/// which Swift gives no counter; synthesized code such as a memberwise initializer or
/// `Equatable`, which has none either) can change what a test runs without the test having
/// run any counted code of the file: those edits are not inside a body.
public enum BodyEdit {
  /// Whether every difference between `old` and `new` lies inside one counted body, in both.
  public static func isInsideOneBody(old: String, new: String) -> Bool {
    let before = Array(old.utf8)
    let after = Array(new.utf8)
    var prefix = 0
    while prefix < before.count, prefix < after.count, before[prefix] == after[prefix] {
      prefix += 1
    }
    var suffix = 0
    while suffix < before.count - prefix, suffix < after.count - prefix,
      before[before.count - 1 - suffix] == after[after.count - 1 - suffix]
    {
      suffix += 1
    }
    guard prefix < before.count || prefix < after.count else { return true }
    return inside(old, from: prefix, to: before.count - suffix)
      && inside(new, from: prefix, to: after.count - suffix)
  }

  /// Whether the bytes `start..<end` of `source` lie between the braces of a counted body.
  static func inside(_ source: String, from start: Int, to end: Int) -> Bool {
    let tree = Parser.parse(source: source)
    let finder = BodyFinder(start: start, end: end)
    finder.walk(tree)
    return finder.found
  }

  private final class BodyFinder: SyntaxVisitor {
    let start: Int
    let end: Int
    var found = false

    init(start: Int, end: Int) {
      self.start = start
      self.end = end
      super.init(viewMode: .sourceAccurate)
    }

    /// Whether the edit lies between `open`'s end and `close`'s start.
    private func holds(_ open: TokenSyntax, _ close: TokenSyntax) -> Bool {
      guard open.presence == .present, close.presence == .present else { return false }
      return open.endPositionBeforeTrailingTrivia.utf8Offset <= start
        && end <= close.positionAfterSkippingLeadingTrivia.utf8Offset
    }

    /// Visits only what contains the edit.
    private func descend(_ node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
      if found { return .skipChildren }
      return node.position.utf8Offset <= start && end <= node.endPosition.utf8Offset
        ? .visitChildren : .skipChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
      if let body = node.body, holds(body.leftBrace, body.rightBrace) { found = true }
      return descend(node)
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
      if let body = node.body, holds(body.leftBrace, body.rightBrace) { found = true }
      return descend(node)
    }

    override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind {
      if let body = node.body, holds(body.leftBrace, body.rightBrace) { found = true }
      return descend(node)
    }

    override func visit(_ node: AccessorDeclSyntax) -> SyntaxVisitorContinueKind {
      if let body = node.body, holds(body.leftBrace, body.rightBrace) { found = true }
      return descend(node)
    }

    /// A computed property's or subscript's implicit getter (`var area: Int { w * h }`).
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind {
      if case .getter = node.accessors, holds(node.leftBrace, node.rightBrace) { found = true }
      return descend(node)
    }
  }
}
