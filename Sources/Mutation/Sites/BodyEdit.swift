import SwiftParser
import SwiftSyntax

/// An edit of a source that lies inside one body of code with coverage counters (a
/// function's, an initializer's, an accessor's): a test that never entered that body before the
/// edit cannot run the edited code after it, so its coverage is unchanged (only where its lines
/// are: the lines after the edit move by `lineDelta`).
///
/// An edit anywhere else (a declaration, a stored property, a global or `static` initializer,
/// which Swift gives no counter; synthesized code such as a memberwise initializer or
/// `Equatable`, which has none either) can change what a test runs without the test having
/// entered any counted body of the file: it is no `BodyEdit`.
public struct BodyEdit: Sendable, Equatable {
  /// The lines of the innermost body holding the edit, its braces included, in the old text.
  public var body: ClosedRange<Int>
  /// How many lines the edit added (negative: removed).
  public var lineDelta: Int

  /// The edit from `old` to `new` when every difference lies inside one counted body, in
  /// both; nil otherwise. Texts without a difference give an edit of no line.
  public static func of(old: String, new: String) -> BodyEdit? {
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
    guard prefix < before.count || prefix < after.count else {
      return BodyEdit(body: 0...0, lineDelta: 0)
    }
    guard let body = innermostBody(old, from: prefix, to: before.count - suffix),
      innermostBody(new, from: prefix, to: after.count - suffix) != nil
    else { return nil }
    return BodyEdit(
      body: body,
      lineDelta: newlines(after, upTo: after.count) - newlines(before, upTo: before.count))
  }

  /// Whether every difference between `old` and `new` lies inside one counted body, in both.
  public static func isInsideOneBody(old: String, new: String) -> Bool {
    of(old: old, new: new) != nil
  }

  /// Where a line of the old text is in the new one (the lines after the body move); nil
  /// inside the edited body.
  public func moved(_ line: Int) -> Int? {
    if body.contains(line) { return nil }
    return line > body.upperBound ? line + lineDelta : line
  }

  /// The edited body's lines in the new text.
  public var newBody: ClosedRange<Int> {
    body.lowerBound...max(body.lowerBound, body.upperBound + lineDelta)
  }

  private static func newlines(_ bytes: [UInt8], upTo end: Int) -> Int {
    bytes[..<end].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
  }

  /// The lines of the innermost counted body whose braces hold the bytes `start..<end`.
  static func innermostBody(_ source: String, from start: Int, to end: Int) -> ClosedRange<Int>? {
    let tree = Parser.parse(source: source)
    let finder = BodyFinder(start: start, end: end)
    finder.walk(tree)
    guard let (open, close) = finder.innermost else { return nil }
    let converter = SourceLocationConverter(fileName: "", tree: tree)
    let first = converter.location(for: open.positionAfterSkippingLeadingTrivia).line
    let last = converter.location(for: close.positionAfterSkippingLeadingTrivia).line
    return first...max(first, last)
  }

  private final class BodyFinder: SyntaxVisitor {
    let start: Int
    let end: Int
    /// The braces of the innermost body found so far (outer bodies are visited first).
    var innermost: (TokenSyntax, TokenSyntax)?

    init(start: Int, end: Int) {
      self.start = start
      self.end = end
      super.init(viewMode: .sourceAccurate)
    }

    /// Keeps `open` and `close` when the edit lies between them.
    private func consider(_ open: TokenSyntax, _ close: TokenSyntax) {
      guard open.presence == .present, close.presence == .present,
        open.endPositionBeforeTrailingTrivia.utf8Offset <= start,
        end <= close.positionAfterSkippingLeadingTrivia.utf8Offset
      else { return }
      innermost = (open, close)
    }

    /// Visits only what contains the edit.
    private func descend(_ node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
      node.position.utf8Offset <= start && end <= node.endPosition.utf8Offset
        ? .visitChildren : .skipChildren
    }

    /// Keeps `body`'s braces when they hold the edit; goes into `node` when it holds the edit.
    private func consider(_ body: CodeBlockSyntax?, of node: some SyntaxProtocol)
      -> SyntaxVisitorContinueKind
    {
      if let body { consider(body.leftBrace, body.rightBrace) }
      return descend(node)
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
      consider(node.body, of: node)
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
      consider(node.body, of: node)
    }

    override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind {
      consider(node.body, of: node)
    }

    override func visit(_ node: AccessorDeclSyntax) -> SyntaxVisitorContinueKind {
      consider(node.body, of: node)
    }

    /// A computed property's or subscript's implicit getter (`var area: Int { w * h }`).
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind {
      if case .getter = node.accessors { consider(node.leftBrace, node.rightBrace) }
      return descend(node)
    }
  }
}
