import SwiftSyntax

/// Which function bodies a result builder transforms, as far as one file's syntax tells: a body
/// marked with a builder attribute (a type named `…Builder`, or one this file declares with
/// `@resultBuilder`), and a body that returns a value without a `return` though it is more than
/// one expression (only a builder, inferred from a protocol requirement such as SwiftUI's
/// `View.body`, makes that compile). A closure passed to a builder parameter is not told apart
/// here: the consistency laws catch what its regions get wrong.
enum ResultBuilders {
  /// The names of the types a source declares with `@resultBuilder`.
  static func declared(in tree: some SyntaxProtocol) -> Set<String> {
    let finder = DeclaredBuilders(viewMode: .sourceAccurate)
    finder.walk(tree)
    return finder.names
  }

  /// Whether `body`, held by `parent`, is a function, getter or computed property body a
  /// builder transforms.
  static func isBuilderBody(_ body: CodeBlockSyntax, of parent: Syntax, builders: Set<String>)
    -> Bool
  {
    if let function = parent.as(FunctionDeclSyntax.self), function.body?.id == body.id {
      return hasBuilderAttribute(function.attributes, builders)
        || returnsWithoutReturn(body, type: function.signature.returnClause?.type)
    }
    if let accessor = parent.as(AccessorDeclSyntax.self), accessor.body?.id == body.id,
      accessor.accessorSpecifier.tokenKind == .keyword(.get)
    {
      let variable = accessor.parent?.parent?.parent?.as(VariableDeclSyntax.self)
      return hasBuilderAttribute(accessor.attributes, builders)
        || variable.map { hasBuilderAttribute($0.attributes, builders) } == true
        || returnsWithoutReturn(body, type: variable?.bindings.first?.typeAnnotation?.type)
    }
    return false
  }

  /// A computed property written without `get`: its statements are the getter's body.
  static func isBuilderGetter(_ block: AccessorBlockSyntax, builders: Set<String>) -> Bool {
    guard case .getter(let items) = block.accessors,
      let variable = block.parent?.parent?.parent?.as(VariableDeclSyntax.self)
    else { return false }
    return hasBuilderAttribute(variable.attributes, builders)
      || returnsWithoutReturn(items, type: variable.bindings.first?.typeAnnotation?.type)
  }

  private static func hasBuilderAttribute(
    _ attributes: AttributeListSyntax, _ builders: Set<String>
  )
    -> Bool
  {
    attributes.contains { element in
      guard let name = element.as(AttributeSyntax.self)?.attributeName.trimmedDescription else {
        return false
      }
      let last = name.split(separator: ".").last.map(String.init) ?? name
      return last.hasSuffix("Builder") || builders.contains(last)
    }
  }

  private static func returnsWithoutReturn(_ body: CodeBlockSyntax, type: TypeSyntax?) -> Bool {
    returnsWithoutReturn(body.statements, type: type)
  }

  /// A body with a result type that is more than one expression and has no `return`.
  private static func returnsWithoutReturn(_ items: CodeBlockItemListSyntax, type: TypeSyntax?)
    -> Bool
  {
    guard let type, !["Void", "()", "Never"].contains(type.trimmedDescription) else { return false }
    let singleExpression =
      items.count == 1
      && (items.first?.item.as(ExpressionStmtSyntax.self).map { statement in
        guard let ifExpr = statement.expression.as(IfExprSyntax.self) else { return true }
        return ifExpr.elseBody != nil
      } ?? items.first?.item.is(ExprSyntax.self) ?? false)
    return !singleExpression && !ReturnFinder.any(in: items)
  }

  /// Where the region of `list`'s block starts, when `node` is an `if` or `switch` statement
  /// of `list`, or the operator sequence at the top of one of its expression statements, and the
  /// block is one whose region counts its own entries (a builder body, a getter, an `if` arm, a
  /// `for` body, a `case`); nil otherwise.
  static func blockStart(_ list: CodeBlockItemListSyntax, ifStatementOf node: Syntax)
    -> AbsolutePosition?
  {
    let statement = node.parent?.is(ExpressionStmtSyntax.self) == true ? node.parent : node
    guard let item = statement?.parent?.as(CodeBlockItemSyntax.self), item.parent?.id == list.id,
      node.is(IfExprSyntax.self) || node.is(SwitchExprSyntax.self)
        || node.is(SequenceExprSyntax.self)
    else { return nil }
    guard let holder = list.parent else { return nil }
    if let block = holder.as(CodeBlockSyntax.self), let owner = block.parent,
      owner.is(FunctionDeclSyntax.self) || owner.is(AccessorDeclSyntax.self)
        || owner.is(IfExprSyntax.self) || owner.is(ForStmtSyntax.self)
    {
      return block.leftBrace.positionAfterSkippingLeadingTrivia
    }
    if let accessors = holder.as(AccessorBlockSyntax.self) {
      return accessors.leftBrace.positionAfterSkippingLeadingTrivia
    }
    if let switchCase = holder.as(SwitchCaseSyntax.self) {
      return switchCase.positionAfterSkippingLeadingTrivia
    }
    return nil
  }

  /// Whether an `if` without `else` statement of a builder body ends before `node`.
  static func optionalIf(in items: CodeBlockItemListSyntax, before node: Syntax) -> Bool {
    items.contains { item in
      guard item.endPosition <= node.position else { return false }
      let expression =
        item.item.as(ExpressionStmtSyntax.self)?.expression ?? item.item.as(ExprSyntax.self)
      guard var link = expression?.as(IfExprSyntax.self) else { return false }
      while case .ifExpr(let next) = link.elseBody { link = next }
      return link.elseBody == nil
    }
  }
}

/// Finds the names of `@resultBuilder` types.
private final class DeclaredBuilders: SyntaxVisitor {
  var names: Set<String> = []

  private func note(_ attributes: AttributeListSyntax, _ name: TokenSyntax) {
    let marked = attributes.contains {
      $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "resultBuilder"
    }
    if marked { names.insert(name.text) }
  }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    note(node.attributes, node.name)
    return .visitChildren
  }
  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    note(node.attributes, node.name)
    return .visitChildren
  }
  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    note(node.attributes, node.name)
    return .visitChildren
  }
}

/// Finds a `return` outside closures and nested functions.
private final class ReturnFinder: SyntaxVisitor {
  private var found = false

  static func any(in node: some SyntaxProtocol) -> Bool {
    let finder = ReturnFinder(viewMode: .sourceAccurate)
    finder.walk(node)
    return finder.found
  }

  override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
    found = true
    return .skipChildren
  }
  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
