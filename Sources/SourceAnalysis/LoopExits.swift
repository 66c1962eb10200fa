import SwiftSyntax

/// Finds the ways a loop body can leave the loop other than by its condition or sequence: then
/// the count of normal exits is not the loop's reach. A `break` of this loop also lands after
/// it, so the region there no longer counts normal exits alone.
final class LoopExits: SyntaxVisitor {
  /// What leaves the loop besides its condition.
  struct Found: Equatable {
    /// The first way out found, in words; nil when the loop is left by its condition alone.
    var reason: String?
    /// Whether a `break` of this loop lands after it.
    var breaks = false
    /// Per `break`, the block it ends (a `guard`'s else, an `if`'s then) when nothing else in
    /// that block leaves it: the block's region counts the break.
    var breakBlocks: [CodeBlockSyntax] = []
    /// Whether some `break` is not the sole way out of such a block.
    var unexplainedBreaks = false
  }

  private let label: String?
  private let body: CodeBlockSyntax
  /// Loops and switches between the body and the current node: an unlabelled `break` there
  /// leaves them, not the loop.
  private var nesting = 0
  /// Labels of statements inside the body: a `break` or `continue` to them stays inside.
  private var innerLabels: [String] = []
  private(set) var found = Found()

  private init(body: CodeBlockSyntax, label: String?) {
    self.label = label
    self.body = body
    super.init(viewMode: .sourceAccurate)
  }

  static func find(_ body: CodeBlockSyntax, label: String?) -> Found {
    let finder = LoopExits(body: body, label: label)
    finder.walk(body)
    return finder.found
  }

  private func note(_ reason: String) -> SyntaxVisitorContinueKind {
    if found.reason == nil { found.reason = reason }
    return .skipChildren
  }

  override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
    note("a return in the body")
  }

  override func visit(_ node: ThrowStmtSyntax) -> SyntaxVisitorContinueKind {
    isCaught(node) ? .visitChildren : note("a throw in the body")
  }

  override func visit(_ node: TryExprSyntax) -> SyntaxVisitorContinueKind {
    // `try?` and `try!` do not leave the loop; a plain `try` outside a catch-all `do` can.
    node.questionOrExclamationMark == nil && !isCaught(node)
      ? note("a try in the body") : .visitChildren
  }

  override func visit(_ node: BreakStmtSyntax) -> SyntaxVisitorContinueKind {
    if let target = node.label?.text {
      if innerLabels.contains(target) { return .skipChildren }
      guard target == label else { return note("a break out of an outer statement") }
    } else if nesting > 0 {
      return .skipChildren
    }
    found.breaks = true
    if let block = Self.blockEnded(by: node) {
      found.breakBlocks.append(block)
    } else {
      found.unexplainedBreaks = true
    }
    return note("a break")
  }

  /// The `guard` else or `if` then block `node` is the last statement of, when nothing before
  /// it in the block can leave it (a jump, a return, a throw, a `try`).
  static func blockEnded(by node: BreakStmtSyntax) -> CodeBlockSyntax? {
    guard let item = node.parent?.as(CodeBlockItemSyntax.self),
      let items = item.parent?.as(CodeBlockItemListSyntax.self), items.last?.id == item.id,
      let block = items.parent?.as(CodeBlockSyntax.self)
    else { return nil }
    let ends =
      block.parent?.as(GuardStmtSyntax.self)?.body.id == block.id
      || block.parent?.as(IfExprSyntax.self)?.body.id == block.id
    guard ends else { return nil }
    let before = items.dropLast()
    return before.contains(where: { JumpFinder.leaves(Syntax($0)) }) ? nil : block
  }

  override func visit(_ node: ContinueStmtSyntax) -> SyntaxVisitorContinueKind {
    if let target = node.label?.text, target != label, !innerLabels.contains(target) {
      return note("a continue to an outer loop")
    }
    return .skipChildren
  }

  // Code that runs elsewhere: closures and nested functions leave nothing.
  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

  override func visit(_ node: LabeledStmtSyntax) -> SyntaxVisitorContinueKind {
    innerLabels.append(node.label.text)
    return .visitChildren
  }
  override func visitPost(_ node: LabeledStmtSyntax) { innerLabels.removeLast() }

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

  /// Whether the node is in the body (not a catch clause) of a `do` inside the loop whose
  /// clauses catch every error.
  private func isCaught(_ node: some SyntaxProtocol) -> Bool {
    var child = Syntax(node)
    while let parent = child.parent, child.id != body.id {
      if let doStmt = parent.as(DoStmtSyntax.self), child.id == doStmt.body.id,
        doStmt.catchClauses.contains(where: DecisionFinder.catchesEverything)
      {
        return true
      }
      child = parent
    }
    return false
  }
}

/// Whether code can leave the block it is in other than by running to its end.
final class JumpFinder: SyntaxVisitor {
  private var found = false
  /// Whether a plain `try` counts as a way out (not inside a `do` that catches it).
  private let tryLeaves: Bool

  private init(tryLeaves: Bool) {
    self.tryLeaves = tryLeaves
    super.init(viewMode: .sourceAccurate)
  }

  static func leaves(_ node: Syntax, tryLeaves: Bool = true) -> Bool {
    let finder = JumpFinder(tryLeaves: tryLeaves)
    finder.walk(node)
    return finder.found
  }

  private func jump() -> SyntaxVisitorContinueKind {
    found = true
    return .skipChildren
  }

  override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind { jump() }
  override func visit(_ node: ThrowStmtSyntax) -> SyntaxVisitorContinueKind { jump() }
  override func visit(_ node: BreakStmtSyntax) -> SyntaxVisitorContinueKind { jump() }
  override func visit(_ node: ContinueStmtSyntax) -> SyntaxVisitorContinueKind { jump() }
  override func visit(_ node: FallThroughStmtSyntax) -> SyntaxVisitorContinueKind { jump() }
  override func visit(_ node: TryExprSyntax) -> SyntaxVisitorContinueKind {
    tryLeaves && node.questionOrExclamationMark == nil ? jump() : .visitChildren
  }
  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
