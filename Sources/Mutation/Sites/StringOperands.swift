import SwiftSyntax

/// Whether an operand of `+` is a `String` by its own text, or by the one declaration its name
/// has in the function around it: `-` of two strings does not compile, so such a mutant would
/// only cost a build round to be found unviable.
///
/// Only what the text proves: a string literal, a `+` or a parenthesis of one, a ternary of
/// two, or a name declared once in its function (no parameter, no other binding of the name)
/// by a `let` or `var` that says `String` or whose value is one of these. Anything else may be
/// a number, and keeps its mutant.
enum StringOperands {
  static func isString(_ expression: ExprSyntax) -> Bool {
    isString(expression, depth: 0)
  }

  private static func isString(_ expression: ExprSyntax, depth: Int) -> Bool {
    guard depth < 8 else { return false }
    if expression.is(StringLiteralExprSyntax.self) { return true }
    if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1,
      let only = tuple.elements.first, only.label == nil
    {
      return isString(only.expression, depth: depth + 1)
    }
    if let infix = expression.as(InfixOperatorExprSyntax.self),
      infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "+"
    {
      return isString(infix.leftOperand, depth: depth + 1)
        || isString(infix.rightOperand, depth: depth + 1)
    }
    if let ternary = expression.as(TernaryExprSyntax.self) {
      return isString(ternary.thenExpression, depth: depth + 1)
        && isString(ternary.elseExpression, depth: depth + 1)
    }
    if let reference = expression.as(DeclReferenceExprSyntax.self),
      reference.argumentNames == nil
    {
      return declaresString(reference.baseName.text, around: expression, depth: depth)
    }
    return false
  }

  /// Whether `name`'s one declaration in the function holding `node` makes it a `String`.
  private static func declaresString(_ name: String, around node: ExprSyntax, depth: Int)
    -> Bool
  {
    guard let scope = functionScope(of: node) else { return false }
    let finder = Declarations(name: name)
    finder.walk(scope)
    guard finder.count == 1, let binding = finder.binding else { return false }
    if let type = binding.typeAnnotation?.type.trimmedDescription {
      return type == "String"
    }
    return binding.initializer.map { isString($0.value, depth: depth + 1) } ?? false
  }

  /// The function, initializer, accessor or closure whose code holds `node`.
  private static func functionScope(of node: some SyntaxProtocol) -> Syntax? {
    var current = node.parent
    while let parent = current {
      if parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self)
        || parent.is(AccessorDeclSyntax.self) || parent.is(ClosureExprSyntax.self)
      {
        return parent
      }
      current = parent.parent
    }
    return nil
  }

  /// Every place a scope binds one name: patterns (`let`, `var`, `if let`, `for`, `case
  /// let`), parameters of functions and closures.
  private final class Declarations: SyntaxVisitor {
    let name: String
    var count = 0
    /// The `let` or `var` of the last pattern found, when it was one.
    var binding: PatternBindingSyntax?

    init(name: String) {
      self.name = name
      super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
      if node.identifier.text == name {
        count += 1
        binding = node.parent?.as(PatternBindingSyntax.self)
      }
      return .visitChildren
    }

    override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
      if [node.firstName.text, node.secondName?.text].contains(name) { count += 2 }
      return .visitChildren
    }

    override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
      if [node.firstName.text, node.secondName?.text].contains(name) { count += 2 }
      return .visitChildren
    }

    override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind {
      if node.name.text == name { count += 2 }
      return .visitChildren
    }

    /// `if let name {` and `guard let name else`: a binding with no pattern of its own.
    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
      if node.initializer == nil, node.pattern.trimmedDescription == name { count += 2 }
      return .visitChildren
    }
  }
}
