@_spi(RawSyntax) import SwiftSyntax

/// The positions whose regions a fixture proves: a decision's counts are derived only when every
/// step from it up to the body of its function is one of these (a parent's kind and the child's
/// place in it). Anything else is "position not proven", with the step named: Swift's coverage
/// mapping has more positions than anyone has listed, and a position no fixture ran can count
/// what its code did not run (a stored property's initializer, a default argument, top-level code).
///
/// `BranchFixtureTests` checks that each step is on the way up from a decision of the Branches
/// fixture whose hand-written counts the derivation gives: a step added here without a fixture
/// fails there.
public enum ProvenPositions {
  /// One proven step: a parent of `kind`, and the child in one of `slots` (any child when
  /// empty: the elements of a list).
  public struct Step: @unchecked Sendable {
    /// How the docs and a report name it.
    public var name: String
    var kind: SyntaxKind
    var slots: [AnyKeyPath]
  }

  public static let steps: [Step] = [
    Step(name: "a statement in a code block", kind: .codeBlockItemList, slots: []),
    Step(name: "a statement", kind: .codeBlockItem, slots: [\CodeBlockItemSyntax.item]),
    Step(name: "a code block's statements", kind: .codeBlock, slots: [\CodeBlockSyntax.statements]),
    Step(
      name: "an expression statement", kind: .expressionStmt,
      slots: [\ExpressionStmtSyntax.expression]),
    Step(name: "a return value", kind: .returnStmt, slots: [\ReturnStmtSyntax.expression]),
    Step(name: "a local variable", kind: .variableDecl, slots: [\VariableDeclSyntax.bindings]),
    Step(name: "a binding", kind: .patternBindingList, slots: []),
    Step(
      name: "a binding's initializer", kind: .patternBinding,
      slots: [\PatternBindingSyntax.initializer]),
    Step(
      name: "an initializer's value", kind: .initializerClause,
      slots: [\InitializerClauseSyntax.value]),
    Step(name: "an if's condition list", kind: .ifExpr, slots: [\IfExprSyntax.conditions]),
    Step(
      name: "an if's body or else", kind: .ifExpr,
      slots: [\IfExprSyntax.body, \IfExprSyntax.elseBody]),
    Step(name: "a guard's condition list", kind: .guardStmt, slots: [\GuardStmtSyntax.conditions]),
    Step(name: "a guard's else", kind: .guardStmt, slots: [\GuardStmtSyntax.body]),
    Step(name: "a condition in a list", kind: .conditionElementList, slots: []),
    Step(
      name: "a boolean condition", kind: .conditionElement,
      slots: [\ConditionElementSyntax.condition]),
    Step(name: "a switch's subject", kind: .switchExpr, slots: [\SwitchExprSyntax.subject]),
    Step(name: "a switch's cases", kind: .switchExpr, slots: [\SwitchExprSyntax.cases]),
    Step(name: "a case in a switch", kind: .switchCaseList, slots: []),
    Step(name: "a case's statements", kind: .switchCase, slots: [\SwitchCaseSyntax.statements]),
    Step(name: "a do body", kind: .doStmt, slots: [\DoStmtSyntax.body]),
    Step(name: "a do's catch clauses", kind: .doStmt, slots: [\DoStmtSyntax.catchClauses]),
    Step(name: "a catch clause", kind: .catchClauseList, slots: []),
    Step(name: "a catch body", kind: .catchClause, slots: [\CatchClauseSyntax.body]),
    Step(name: "a for-in's body", kind: .forStmt, slots: [\ForStmtSyntax.body]),
    Step(name: "a while's condition list", kind: .whileStmt, slots: [\WhileStmtSyntax.conditions]),
    Step(name: "a while's body", kind: .whileStmt, slots: [\WhileStmtSyntax.body]),
    Step(name: "a repeat's body", kind: .repeatStmt, slots: [\RepeatStmtSyntax.body]),
    Step(name: "a labelled statement", kind: .labeledStmt, slots: [\LabeledStmtSyntax.statement]),
    Step(name: "an #if block", kind: .ifConfigDecl, slots: [\IfConfigDeclSyntax.clauses]),
    Step(name: "an #if clause", kind: .ifConfigClauseList, slots: []),
    Step(
      name: "an #if clause's code", kind: .ifConfigClause, slots: [\IfConfigClauseSyntax.elements]),
    Step(name: "a repeat's condition", kind: .repeatStmt, slots: [\RepeatStmtSyntax.condition]),
    Step(name: "an operand", kind: .exprList, slots: []),
    Step(name: "an operator sequence", kind: .sequenceExpr, slots: [\SequenceExprSyntax.elements]),
    Step(
      name: "a ternary's then side", kind: .unresolvedTernaryExpr,
      slots: [\UnresolvedTernaryExprSyntax.thenExpression]),
    Step(name: "parentheses or a tuple", kind: .tupleExpr, slots: [\TupleExprSyntax.elements]),
    Step(name: "an argument or tuple element", kind: .labeledExprList, slots: []),
    Step(name: "an argument's value", kind: .labeledExpr, slots: [\LabeledExprSyntax.expression]),
    Step(
      name: "a call's arguments", kind: .functionCallExpr,
      slots: [\FunctionCallExprSyntax.arguments]),
    Step(
      name: "a prefix operator's operand", kind: .prefixOperatorExpr,
      slots: [\PrefixOperatorExprSyntax.expression]),
    Step(name: "a try's expression", kind: .tryExpr, slots: [\TryExprSyntax.expression]),
    Step(
      name: "a call's called expression", kind: .functionCallExpr,
      slots: [\FunctionCallExprSyntax.calledExpression]),
    Step(name: "a thrown value", kind: .throwStmt, slots: [\ThrowStmtSyntax.expression]),
    Step(
      name: "a subscript's base or arguments", kind: .subscriptCallExpr,
      slots: [\SubscriptCallExprSyntax.calledExpression, \SubscriptCallExprSyntax.arguments]),
    Step(name: "a for-in's sequence", kind: .forStmt, slots: [\ForStmtSyntax.sequence]),
    Step(name: "a member's base", kind: .memberAccessExpr, slots: [\MemberAccessExprSyntax.base]),
    Step(name: "a string interpolation", kind: .stringLiteralSegmentList, slots: []),
    Step(
      name: "an interpolated value", kind: .expressionSegment,
      slots: [\ExpressionSegmentSyntax.expressions]),
    Step(
      name: "a string literal's segments", kind: .stringLiteralExpr,
      slots: [\StringLiteralExprSyntax.segments]),
    Step(name: "an array element", kind: .arrayElementList, slots: []),
    Step(
      name: "an array element's value", kind: .arrayElement, slots: [\ArrayElementSyntax.expression]
    ),
    Step(name: "an array literal", kind: .arrayExpr, slots: [\ArrayExprSyntax.elements]),
    Step(name: "a dictionary element", kind: .dictionaryElementList, slots: []),
    Step(
      name: "a dictionary value", kind: .dictionaryElement, slots: [\DictionaryElementSyntax.value]),
    Step(
      name: "a dictionary literal", kind: .dictionaryExpr, slots: [\DictionaryExprSyntax.content]),
    Step(
      name: "an optional binding's value", kind: .optionalBindingCondition,
      slots: [\OptionalBindingConditionSyntax.initializer]),
  ]

  /// Why the position of `node` is not proven, or nil when every step from it up to the body of
  /// its function, closure or accessor is a proven step.
  static func unproven(_ node: Syntax) -> String? {
    walk(node).unproven.map { "position not proven (\(describe($0.child, in: $0.parent)))" }
  }

  /// The proven steps from `node` up to its function's body, by index into `steps`; nil when a
  /// step is not proven.
  public static func path(_ node: Syntax) -> [Int]? {
    let walked = walk(node)
    return walked.unproven == nil ? walked.steps : nil
  }

  /// The walk from `node` up to the body of its function: the proven steps on the way, and the
  /// first step that is not one (a parent and its child), if any.
  private static func walk(_ node: Syntax) -> (
    steps: [Int], unproven: (parent: Syntax, child: Syntax)?
  ) {
    var taken: [Int] = []
    var child = node
    while let parent = child.parent {
      if isBody(child, of: parent) { return (taken, nil) }
      guard let index = step(parent: parent, child: child) else { return (taken, (parent, child)) }
      taken.append(index)
      child = parent
    }
    // The tree's root (the source file) without a function around: top-level code.
    return (taken, (child, child))
  }

  /// The steps by the parent's kind: a decision's walk up asks once per ancestor.
  private static let stepsByKind = Dictionary(grouping: steps.indices) { steps[$0].kind }

  /// The proven step from `parent` to `child`, by index into `steps`.
  private static func step(parent: Syntax, child: Syntax) -> Int? {
    stepsByKind[parent.kind]?.first { steps[$0].matches(parent: parent, child: child) }
  }

  /// Whether `child` is the body of a function, an initializer, a closure or an accessor: the
  /// region the function's counts start from.
  private static func isBody(_ child: Syntax, of parent: Syntax) -> Bool {
    if let function = parent.as(FunctionDeclSyntax.self) { return child.id == function.body?.id }
    if let initializer = parent.as(InitializerDeclSyntax.self) {
      return child.id == initializer.body?.id
    }
    if let deinitializer = parent.as(DeinitializerDeclSyntax.self) {
      return child.id == deinitializer.body?.id
    }
    if let closure = parent.as(ClosureExprSyntax.self) { return child.id == closure.statements.id }
    if let accessor = parent.as(AccessorDeclSyntax.self) { return child.id == accessor.body?.id }
    // A computed property's getter written without `get`.
    if parent.is(AccessorBlockSyntax.self) { return child.is(CodeBlockItemListSyntax.self) }
    return false
  }

  /// The unproven step in words: what it is where the step is a common one, else the parent's
  /// kind and the child's place when it has a name.
  private static func describe(_ child: Syntax, in parent: Syntax) -> String {
    switch parent.kind {
    case .memberBlockItem: return "a stored property's initializer"
    case .functionParameter, .enumCaseParameter: return "a default argument"
    case .sourceFile: return "top-level code"
    case .matchingPatternCondition: return "a case pattern's value"
    case .closureCaptureClause, .closureCapture: return "a closure's capture list"
    case .attribute, .attributeList: return "an attribute's argument"
    case .macroExpansionExpr, .macroExpansionDecl: return "a macro's argument"
    default: break
    }
    let kind = "\(parent.kind)"
    guard let slot = child.keyPathInParent.flatMap(childName) else { return "in \(kind)" }
    return "\(kind).\(slot)"
  }
}

extension ProvenPositions.Step {
  func matches(parent: Syntax, child: Syntax) -> Bool {
    guard parent.kind == kind else { return false }
    guard !slots.isEmpty else { return true }
    guard let keyPath = child.keyPathInParent else { return false }
    return slots.contains(keyPath)
  }
}
