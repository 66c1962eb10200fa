import CoverageModel
import SwiftSyntax

/// The walk behind `MutantFinder`: each operator's sites, once the file's operators are folded.
final class SiteFinder: SyntaxVisitor {
  private let converter: SourceLocationConverter
  private let file: String
  private let inScope: (Int) -> Bool
  private let ignoredCalls: Set<String>
  private(set) var sites: [MutationSite] = []
  private(set) var skipped: [SkippedMutationSite] = []

  init(
    converter: SourceLocationConverter, file: String, inScope: @escaping (Int) -> Bool,
    ignoredCalls: Set<String>
  ) {
    self.converter = converter
    self.file = file
    self.inScope = inScope
    self.ignoredCalls = ignoredCalls
    super.init(viewMode: .sourceAccurate)
  }

  /// Binary operators and what each becomes.
  static let binaryMutations: [String: [(String, MutationOperator)]] = [
    "<": [("<=", .relationalBoundary), (">=", .negatedComparison)],
    "<=": [("<", .relationalBoundary), (">", .negatedComparison)],
    ">": [(">=", .relationalBoundary), ("<=", .negatedComparison)],
    ">=": [(">", .relationalBoundary), ("<", .negatedComparison)],
    "==": [("!=", .negatedComparison)], "!=": [("==", .negatedComparison)],
    "===": [("!==", .negatedComparison)], "!==": [("===", .negatedComparison)],
    "&&": [("||", .logicalConnector)], "||": [("&&", .logicalConnector)],
    "+": [("-", .arithmetic)], "-": [("+", .arithmetic)], "*": [("/", .arithmetic)],
    "/": [("*", .arithmetic)], "%": [("*", .arithmetic)],
    "+=": [("-=", .arithmetic)], "-=": [("+=", .arithmetic)], "*=": [("/=", .arithmetic)],
    "/=": [("*=", .arithmetic)],
  ]

  override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
    guard let binary = node.operator.as(BinaryOperatorExprSyntax.self),
      let mutations = Self.binaryMutations[binary.operator.text]
    else { return .visitChildren }
    let token = binary.operator
    // String concatenation has no `-`: such a mutant would not compile.
    if ["+", "+="].contains(token.text),
      StringOperands.isString(node.leftOperand) || StringOperands.isString(node.rightOperand)
    {
      return .visitChildren
    }
    for (replacement, kind) in mutations {
      add(kind, node, mutated: OneLineText.of(node) { $0.id == token.id ? replacement : nil })
    }
    return .visitChildren
  }

  override func visit(_ node: PrefixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
    if node.operator.text == "!" {
      add(.removedNegation, node, mutated: OneLineText.of(node.expression))
    }
    return .visitChildren
  }

  override func visit(_ node: BooleanLiteralExprSyntax) -> SyntaxVisitorContinueKind {
    add(.booleanLiteral, node, mutated: node.literal.text == "true" ? "false" : "true")
    return .visitChildren
  }

  override func visit(_ node: TernaryExprSyntax) -> SyntaxVisitorContinueKind {
    let swapped = [node.condition, node.elseExpression, node.thenExpression].map {
      OneLineText.of($0)
    }
    if let condition = swapped[0], let first = swapped[1], let second = swapped[2] {
      add(.swappedTernary, node, mutated: "\(condition) ? \(first) : \(second)")
    } else {
      add(.swappedTernary, node, mutated: nil)
    }
    return .visitChildren
  }

  override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
    guard case .expr(let expression) = node.item, let call = Self.call(in: expression) else {
      return .visitChildren
    }
    let name = Self.calleeName(call)
    guard name != "init", removableCallPlace(node) else { return .visitChildren }
    if ignoredCalls.contains(name) {
      skip(node, "a call to \(name), named as logging or a check")
      return .visitChildren
    }
    add(.removedCall, expression, mutated: "", shape: .statement)
    return .visitChildren
  }

  // MARK: - Places

  /// The call a statement makes, under `try` and `await`.
  static func call(in expression: ExprSyntax) -> FunctionCallExprSyntax? {
    if let call = expression.as(FunctionCallExprSyntax.self) { return call }
    if let tried = expression.as(TryExprSyntax.self) { return call(in: tried.expression) }
    if let awaited = expression.as(AwaitExprSyntax.self) { return call(in: awaited.expression) }
    return nil
  }

  static func calleeName(_ call: FunctionCallExprSyntax) -> String {
    if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
      return reference.baseName.text
    }
    if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
      return member.declName.baseName.text
    }
    return call.calledExpression.trimmedDescription
  }

  /// A statement call is removed only in a function's, initializer's or deinitializer's own
  /// body (not a closure's, which may be a result builder's, nor an accessor's, such as a
  /// SwiftUI `body`), and never when it is the body's only statement and so its value.
  private func removableCallPlace(_ item: CodeBlockItemSyntax) -> Bool {
    var current = item.parent
    while let node = current {
      if node.is(ClosureExprSyntax.self) || node.is(AccessorDeclSyntax.self) { return false }
      if let function = node.as(FunctionDeclSyntax.self) {
        let returnsValue = function.signature.returnClause != nil
        let alone = function.body?.statements.count == 1
        let builder = function.attributes.contains {
          $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription.hasSuffix("Builder") == true
        }
        return !builder && !(returnsValue && alone)
      }
      if node.is(InitializerDeclSyntax.self) || node.is(DeinitializerDeclSyntax.self) {
        return true
      }
      current = node.parent
    }
    return false
  }

  /// Why code at `node` cannot carry a mutant's switch, if it cannot.
  private func unmutablePlace(_ node: some SyntaxProtocol) -> String? {
    var current = node.parent
    var child = Syntax(node)
    while let parent = current {
      if parent.is(IfConfigClauseSyntax.self) {
        return "inside #if: which side is compiled is not known from the source"
      }
      if parent.is(AttributeSyntax.self) { return "an attribute's argument" }
      if parent.is(MacroExpansionExprSyntax.self) || parent.is(MacroExpansionDeclSyntax.self) {
        return "a macro's argument: the macro reads the code as written"
      }
      if parent.is(ExpressionPatternSyntax.self) { return "a pattern, decided by the compiler" }
      if parent.is(EnumCaseElementSyntax.self) { return "an enum case's raw value" }
      if let parameter = parent.as(FunctionParameterSyntax.self),
        parameter.defaultValue.map({ Syntax($0) == child }) == true
      {
        return "a default argument"
      }
      if let reason = Self.inlinedBody(parent) { return reason }
      child = parent
      current = parent.parent
    }
    return nil
  }

  /// `@_transparent` code is inlined where it is written, before any switch could be read.
  /// (`@inlinable` code calls the switch, which is `@usableFromInline`.)
  static func inlinedBody(_ node: Syntax) -> String? {
    let attributes: AttributeListSyntax? =
      node.as(FunctionDeclSyntax.self)?.attributes ?? node.as(InitializerDeclSyntax.self)?
      .attributes
      ?? node.as(VariableDeclSyntax.self)?.attributes ?? node.as(SubscriptDeclSyntax.self)?
      .attributes
      ?? node.as(AccessorDeclSyntax.self)?.attributes
    guard let attributes else { return nil }
    for attribute in attributes {
      guard let name = attribute.as(AttributeSyntax.self)?.attributeName.trimmedDescription
      else { continue }
      if name == "_transparent" { return "@_transparent code, inlined as written" }
    }
    return nil
  }

  // MARK: - Recording

  private func add(
    _ kind: MutationOperator, _ node: some SyntaxProtocol, mutated: String?,
    shape: MutationSite.Shape = .expression
  ) {
    let start = node.positionAfterSkippingLeadingTrivia
    let location = converter.location(for: start)
    guard inScope(location.line) else { return }
    if let reason = unmutablePlace(node) {
      skip(node, reason)
      return
    }
    guard let mutated, let original = OneLineText.of(node) else {
      skip(node, "a multi-line string inside")
      return
    }
    sites.append(
      MutationSite(
        kind: kind, line: location.line, column: location.column, original: original,
        mutated: mutated, start: start.utf8Offset,
        end: node.endPositionBeforeTrailingTrivia.utf8Offset, shape: shape,
        isStatic: Self.runsOncePerProcess(node)))
  }

  /// Whether `node` is in the initializer of a global or of a `static`/`class` stored property
  /// (closures called there included): Swift runs it once per process, on first use.
  static func runsOncePerProcess(_ node: some SyntaxProtocol) -> Bool {
    var current = node.parent
    while let parent = current {
      if parent.is(InitializerClauseSyntax.self),
        let binding = parent.parent?.as(PatternBindingSyntax.self),
        let variable = binding.parent?.parent?.as(VariableDeclSyntax.self)
      {
        let isTypeMember = variable.modifiers.contains {
          ["static", "class"].contains($0.name.text)
        }
        let isGlobal =
          variable.parent?.as(CodeBlockItemSyntax.self)?.parent?.parent?.is(SourceFileSyntax.self)
          == true
        if isTypeMember || isGlobal { return true }
      }
      current = parent.parent
    }
    return false
  }

  /// Records the line as skipped, once per line and reason.
  private func skip(_ node: some SyntaxProtocol, _ reason: String) {
    let line = converter.location(for: node.positionAfterSkippingLeadingTrivia).line
    guard inScope(line),
      !skipped.contains(where: { $0.line == line && $0.reason == reason })
    else { return }
    skipped.append(SkippedMutationSite(file: file, line: line, reason: reason))
  }
}
