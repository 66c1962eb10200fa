import SwiftSyntax

/// Finds the ways a loop body can leave the loop other than by its condition or sequence: then
/// the count of normal exits is not the loop's reach, and the loop is left out, not guessed.
final class LoopExits: SyntaxVisitor {
  private let label: String?
  /// Loops and switches between the body and the current node: an unlabelled `break` there
  /// leaves them, not the loop.
  private var nesting = 0
  private(set) var found: String?

  private init(label: String?) {
    self.label = label
    super.init(viewMode: .sourceAccurate)
  }

  /// Why the body makes the loop's exits ambiguous, or nil.
  static func reason(_ body: CodeBlockSyntax, label: String?) -> String? {
    let finder = LoopExits(label: label)
    finder.walk(body)
    return finder.found
  }

  private func note(_ reason: String) -> SyntaxVisitorContinueKind {
    if found == nil { found = reason }
    return .skipChildren
  }

  override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
    note("a return in the body")
  }
  override func visit(_ node: ThrowStmtSyntax) -> SyntaxVisitorContinueKind {
    note("a throw in the body")
  }

  override func visit(_ node: TryExprSyntax) -> SyntaxVisitorContinueKind {
    // `try?` and `try!` do not leave the loop; a plain `try` outside a `do` can.
    node.questionOrExclamationMark == nil && !isInsideDo(node)
      ? note("a try in the body") : .visitChildren
  }

  override func visit(_ node: BreakStmtSyntax) -> SyntaxVisitorContinueKind {
    if let target = node.label?.text {
      return target == label || nesting == 0 ? note("a break") : note("a labelled break")
    }
    return nesting == 0 ? note("a break") : .skipChildren
  }

  override func visit(_ node: ContinueStmtSyntax) -> SyntaxVisitorContinueKind {
    if let target = node.label?.text, target != label { return note("a continue to an outer loop") }
    return .skipChildren
  }

  // Code that runs elsewhere: closures and nested functions leave nothing.
  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

  override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind { enter() }
  override func visitPost(_ node: ForStmtSyntax) { nesting -= 1 }
  override func visit(_ node: WhileStmtSyntax) -> SyntaxVisitorContinueKind { enter() }
  override func visitPost(_ node: WhileStmtSyntax) { nesting -= 1 }
  override func visit(_ node: RepeatStmtSyntax) -> SyntaxVisitorContinueKind { enter() }
  override func visitPost(_ node: RepeatStmtSyntax) { nesting -= 1 }
  override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind { enter() }
  override func visitPost(_ node: SwitchExprSyntax) { nesting -= 1 }

  private func enter() -> SyntaxVisitorContinueKind {
    nesting += 1
    return .visitChildren
  }

  /// Whether a `do` with `catch` clauses inside the body holds the node.
  private func isInsideDo(_ node: some SyntaxProtocol) -> Bool {
    var current = node.parent
    while let parent = current {
      if let doStmt = parent.as(DoStmtSyntax.self), !doStmt.catchClauses.isEmpty { return true }
      if parent.is(ForStmtSyntax.self) || parent.is(WhileStmtSyntax.self)
        || parent.is(RepeatStmtSyntax.self)
      {
        return false
      }
      current = parent.parent
    }
    return false
  }
}
