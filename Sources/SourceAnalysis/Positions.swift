import SwiftSyntax

/// Where Swift's coverage mapping gives code no region of its own, so that the region holding it
/// counts more than the code ran: a decision there has no provable reach.
enum Positions {
  static let deferBody = "in a defer body (no regions of its own)"

  /// Why the code at `node` has no region of its own, or nil.
  static func regionless(_ node: Syntax) -> String? {
    var child = node
    while let parent = child.parent {
      // A closure or a nested function is a function of its own, with its own regions.
      if parent.is(ClosureExprSyntax.self) || parent.is(FunctionDeclSyntax.self)
        || parent.is(AccessorBlockSyntax.self)
      {
        return nil
      }
      if parent.is(DeferStmtSyntax.self) { return deferBody }
      if parent.is(WhereClauseSyntax.self) { return "in a where clause (no region of its own)" }
      if let loop = parent.as(ForStmtSyntax.self), child.id == loop.body.id, filters(loop) {
        return
          "in the body of a loop that filters (its region counts the elements filtered out too)"
      }
      if let loop = parent.as(RepeatStmtSyntax.self), child.id == loop.condition.id,
        LoopExits.find(loop.body, label: DecisionFinder.label(of: loop)).reason != nil
      {
        return
          "in the condition of a repeat-while whose body can leave it (the condition's region counts every entry of the body)"
      }
      if let conditions = parent.as(ConditionElementListSyntax.self),
        let element = child.as(ConditionElementSyntax.self), element.id != conditions.first?.id
      {
        return "in a later condition of a list (only the first has a region)"
      }
      if let call = parent.as(FunctionCallExprSyntax.self), child.id != call.calledExpression.id,
        isOptionalChain(call.calledExpression)
      {
        return "in the arguments of an optional-chained call (no region of their own)"
      }
      if let call = parent.as(SubscriptCallExprSyntax.self), child.id != call.calledExpression.id,
        isOptionalChain(call.calledExpression)
      {
        return "in the arguments of an optional-chained subscript (no region of their own)"
      }
      child = parent
    }
    return nil
  }

  /// Whether a `for` loop skips elements: with a `where` clause or a `case` pattern, Swift's
  /// region for the body counts every element, the skipped ones too.
  static func filters(_ loop: ForStmtSyntax) -> Bool {
    loop.whereClause != nil || loop.caseKeyword != nil
  }

  /// Where the last call that can throw before the code at `node` ends, when a `try` (or
  /// `try?`) in the same expression covers one: a throw there leaves the expression before the
  /// code is reached. Swift starts a region where such a call ends, which counts the times it
  /// returned; the code's count is proven only in that region or one inside it.
  static func throwingCallEnd(_ node: Syntax) -> AbsolutePosition? {
    let position = node.positionAfterSkippingLeadingTrivia
    var latest: AbsolutePosition?
    var child = node
    while let parent = child.parent {
      if parent.is(ClosureExprSyntax.self) || parent.is(FunctionDeclSyntax.self)
        || parent.is(AccessorBlockSyntax.self) || parent.is(CodeBlockItemSyntax.self)
      {
        break
      }
      if let end = callEnd(before: position, child: child, parent: parent) {
        latest = max(latest ?? end, end)
      }
      child = parent
    }
    return latest
  }

  /// The end of the last call before `position` that a `try` in `parent` covers.
  private static func callEnd(before position: AbsolutePosition, child: Syntax, parent: Syntax)
    -> AbsolutePosition?
  {
    if let attempt = parent.as(TryExprSyntax.self) {
      guard attempt.questionOrExclamationMark?.text != "!" else { return nil }
      return CallsBefore.last(in: attempt.expression, before: position)
    }
    guard let sequence = parent.as(ExprListSyntax.self) else { return nil }
    var covered = false
    var latest: AbsolutePosition?
    for element in sequence {
      if element.id == child.id { break }
      if let attempt = element.as(TryExprSyntax.self),
        attempt.questionOrExclamationMark?.text != "!"
      {
        covered = true
      }
      if covered, let end = CallsBefore.last(in: element, before: position) {
        latest = max(latest ?? end, end)
      }
    }
    return latest
  }

  /// Whether the expression is an optional chain (`a?.b`, `a?[i].c`): what follows it runs only
  /// when every link is present.
  private static func isOptionalChain(_ expression: ExprSyntax) -> Bool {
    var current: ExprSyntax? = expression
    while let node = current {
      if node.is(OptionalChainingExprSyntax.self) { return true }
      if let member = node.as(MemberAccessExprSyntax.self) {
        current = member.base
      } else if let call = node.as(FunctionCallExprSyntax.self) {
        current = call.calledExpression
      } else if let subscriptCall = node.as(SubscriptCallExprSyntax.self) {
        current = subscriptCall.calledExpression
      } else if let unwrap = node.as(ForceUnwrapExprSyntax.self) {
        current = unwrap.expression
      } else {
        current = nil
      }
    }
    return false
  }

  /// Whether a `try` (not `try?` or `try!`) that can leave the code is in `node`, outside
  /// closures and nested functions.
  static func canThrow(_ node: some SyntaxProtocol) -> Bool {
    let finder = ThrowingTry()
    finder.walk(node)
    return finder.found
  }
}

/// Finds the calls that end before a position, outside closures: they run, and can throw,
/// before the code there.
private final class CallsBefore: SyntaxVisitor {
  private let position: AbsolutePosition
  private(set) var latest: AbsolutePosition?

  private init(before position: AbsolutePosition) {
    self.position = position
    super.init(viewMode: .sourceAccurate)
  }

  /// Where the last call in `node` that ends before `position` ends.
  static func last(in node: some SyntaxProtocol, before position: AbsolutePosition)
    -> AbsolutePosition?
  {
    let finder = CallsBefore(before: position)
    finder.walk(node)
    return finder.latest
  }

  private func check(_ node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
    let end = node.endPositionBeforeTrailingTrivia
    if end <= position { latest = max(latest ?? end, end) }
    return node.position >= position ? .skipChildren : .visitChildren
  }

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind { check(node) }
  override func visit(_ node: SubscriptCallExprSyntax) -> SyntaxVisitorContinueKind { check(node) }
  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

/// Finds a plain `try` outside closures and nested functions.
private final class ThrowingTry: SyntaxVisitor {
  private(set) var found = false

  init() { super.init(viewMode: .sourceAccurate) }

  override func visit(_ node: TryExprSyntax) -> SyntaxVisitorContinueKind {
    if node.questionOrExclamationMark == nil { found = true }
    return found ? .skipChildren : .visitChildren
  }
  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
