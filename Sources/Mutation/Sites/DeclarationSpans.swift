import SwiftParser
import SwiftSyntax

/// The line spans of a file's functions, initializers, accessors and closures: where a
/// compiler error away from a mutant points to the mutants that caused it.
public enum DeclarationSpans {
  public static func of(_ source: String) -> [ClosedRange<Int>] {
    let tree = Parser.parse(source: source)
    let collector = SpanCollector(converter: SourceLocationConverter(fileName: "", tree: tree))
    collector.walk(tree)
    return collector.spans
  }

  private final class SpanCollector: SyntaxVisitor {
    let converter: SourceLocationConverter
    var spans: [ClosedRange<Int>] = []

    init(converter: SourceLocationConverter) {
      self.converter = converter
      super.init(viewMode: .sourceAccurate)
    }

    private func add(_ node: some SyntaxProtocol) {
      let first = converter.location(for: node.positionAfterSkippingLeadingTrivia).line
      let last = converter.location(for: node.endPositionBeforeTrailingTrivia).line
      spans.append(first...max(first, last))
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
      add(node)
      return .visitChildren
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
      add(node)
      return .visitChildren
    }

    override func visit(_ node: AccessorDeclSyntax) -> SyntaxVisitorContinueKind {
      add(node)
      return .visitChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
      add(node)
      return .visitChildren
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
      add(node)
      return .visitChildren
    }
  }
}
