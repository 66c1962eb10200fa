import CoverageModel
import SwiftSyntax

/// Walks a parsed source tree and lists every decision covgate derives outcomes for.
final class DecisionFinder: SyntaxVisitor {
  private let converter: SourceLocationConverter
  /// The `@resultBuilder` types the source declares.
  private let builders: Set<String>
  private(set) var candidates: [Candidate] = []

  init(converter: SourceLocationConverter, builders: Set<String>) {
    self.converter = converter
    self.builders = builders
    super.init(viewMode: .sourceAccurate)
  }

  /// Where the node's first token starts.
  private func location(_ node: some SyntaxProtocol) -> CoverageModel.SourceLocation {
    location(of: node.positionAfterSkippingLeadingTrivia)
  }

  /// Where the node's last token ends: where a region after it starts.
  private func location(after node: some SyntaxProtocol) -> CoverageModel.SourceLocation {
    location(of: node.endPositionBeforeTrailingTrivia)
  }

  private func location(of position: AbsolutePosition) -> CoverageModel.SourceLocation {
    let found = converter.location(for: position)
    return CoverageModel.SourceLocation(line: found.line, column: found.column)
  }

  /// Adds a decision; code in a position without a region of its own (`Positions`) is
  /// ambiguous whatever else is said, and so is code in a position or a context no fixture
  /// proves (`ProvenPositions`, `ProvenContexts`, read from `root`: the statement, or the
  /// operator sequence).
  private func add(
    _ kind: Decision.Kind, at node: some SyntaxProtocol, root: Syntax? = nil,
    reachedAt: some SyntaxProtocol, arms: [(String, Syntax)], shape: Candidate.Shape,
    ambiguity: String? = nil, unproven: String? = nil, witness: Candidate.Witness? = nil,
    law: ConsistencyLaw? = nil
  ) {
    // A builder's `if` without `else` has a region after it that breaks the exit law.
    let builderOptionalIf =
      kind == .if && shape == .arms(implicit: "none")
      && ProvenContexts.inBuilderBody(Syntax(node), builders: builders)
    let context = ProvenContexts.check(root ?? Syntax(node), builders: builders)
    var blockStart: AbsolutePosition?
    if case .reachedAtBlock(let start) = context { blockStart = start }
    candidates.append(
      Candidate(
        kind: kind, location: location(node), reachedAt: location(reachedAt),
        arms: arms.map { Candidate.Arm(label: $0.0, start: location($0.1)) }, shape: shape,
        ambiguity: Positions.regionless(Syntax(node)) ?? ambiguity,
        position: ProvenPositions.unproven(root ?? Syntax(node)), unproven: unproven,
        witness: witness,
        context: context.reason, law: law,
        contextBreaksLaw: builderOptionalIf || blockStart != nil,
        reachedInBlock: blockStart.map(location(of:)),
        afterThrowingCall: Positions.throwingCallEnd(Syntax(node)).map(location(of:))))
  }

  /// The law that the region after a statement counts the ways out that continue there, when
  /// the statement stands alone (not a value) and each way out either always runs to its end or
  /// always leaves; nil otherwise.
  private func exitLaw(
    _ node: some SyntaxProtocol, arms: [CodeBlockItemListSyntax], breakContinues: Bool = false,
    implicitThrough: Bool
  ) -> ConsistencyLaw? {
    guard
      node.parent?.is(ExpressionStmtSyntax.self) == true
        || node.parent?.is(CodeBlockItemSyntax.self) == true
    else { return nil }
    var through: [Int] = []
    for (index, items) in arms.enumerated() {
      switch BlockFlow.of(items, breakContinues: breakContinues) {
      case .through: through.append(index)
      case .leaves: break
      case nil: return nil
      }
    }
    return ConsistencyLaw(
      after: location(after: node), through: through, implicitThrough: implicitThrough)
  }

  /// An `#if` condition is decided by the compiler, not at run time: only the clause's code is
  /// looked at.
  override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
    if let elements = node.elements { walk(elements) }
    return .skipChildren
  }

  override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
    // An `else if` belongs to the chain its head already listed.
    if let parent = node.parent?.as(IfExprSyntax.self), case .ifExpr(let elseIf) = parent.elseBody,
      elseIf == node
    {
      return .visitChildren
    }
    var arms: [(String, Syntax)] = [("then", Syntax(node.body))]
    var blocks = [node.body.statements]
    var link = node
    var implicit: String? = "none"
    var throwing = Positions.canThrow(node.conditions)
    while let elseBody = link.elseBody {
      switch elseBody {
      case .ifExpr(let next):
        arms.append(("else if", Syntax(next.body)))
        blocks.append(next.body.statements)
        throwing = throwing || Positions.canThrow(next.conditions)
        link = next
        continue
      case .codeBlock(let block):
        arms.append(("else", Syntax(block)))
        blocks.append(block.statements)
        implicit = nil
      }
      break
    }
    // A condition that throws leaves the chain without taking any arm. Where the chain is one
    // condition, the region after it counts the times it completed.
    let single = arms.count == 1 && node.conditions.count == 1
    add(
      .if, at: node, reachedAt: node.conditions, arms: arms, shape: .arms(implicit: implicit),
      unproven: throwing ? "a condition that can throw" : nil,
      witness: throwing && single ? .conditionEnd(location(after: node.conditions)) : nil,
      law: throwing ? nil : exitLaw(node, arms: blocks, implicitThrough: implicit != nil))
    return .visitChildren
  }

  override func visit(_ node: GuardStmtSyntax) -> SyntaxVisitorContinueKind {
    add(
      .guard, at: node, reachedAt: node.guardKeyword, arms: [("else", Syntax(node.body))],
      shape: .guardElse,
      unproven: Positions.canThrow(node.conditions) ? "a condition that can throw" : nil,
      witness: .after(location(after: node)))
    return .visitChildren
  }

  override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
    var arms: [(String, Syntax)] = []
    var blocks: [CodeBlockItemListSyntax] = []
    var ambiguity: String?
    for element in node.cases {
      guard let switchCase = element.as(SwitchCaseSyntax.self) else {
        ambiguity = "#if among the cases"
        continue
      }
      if switchCase.statements.contains(where: { $0.item.is(FallThroughStmtSyntax.self) }) {
        ambiguity = "fallthrough"
      }
      // The case's region starts at its first token: `@unknown` where it has one.
      arms.append((Self.caseLabel(switchCase), Syntax(switchCase)))
      blocks.append(switchCase.statements)
    }
    // A switch with one case decides nothing.
    if arms.count > 1 || ambiguity != nil {
      add(
        .switch, at: node, reachedAt: node.subject, arms: arms, shape: .arms(implicit: nil),
        ambiguity: ambiguity,
        unproven: Positions.canThrow(node.subject) ? "a subject that can throw" : nil,
        law: exitLaw(node, arms: blocks, breakContinues: true, implicitThrough: false))
    }
    return .visitChildren
  }

  override func visit(_ node: DoStmtSyntax) -> SyntaxVisitorContinueKind {
    guard !node.catchClauses.isEmpty else { return .visitChildren }
    let arms: [(String, Syntax)] = node.catchClauses.map { clause in
      let items = clause.catchItems.trimmedDescription
      return (items.isEmpty ? "catch" : "catch \(Self.shortened(items))", Syntax(clause.body))
    }
    // The body's errors go to the catches: only a jump leaves it another way.
    let body = BlockFlow.of(node.body.statements, tryLeaves: false)
    let catches = node.catchClauses.map { BlockFlow.of($0.body.statements) }
    // A body that may or may not run to its end leaves no law to check.
    let law =
      body == nil
      ? nil
      : exitLaw(
        node, arms: node.catchClauses.map(\.body.statements), implicitThrough: body == .through)
    guard !node.catchClauses.contains(where: Self.catchesEverything) else {
      add(.catch, at: node, reachedAt: node.doKeyword, arms: arms, shape: .catches, law: law)
      return .visitChildren
    }
    // Without a catch-all, an error no clause matches leaves the do: the region after it counts
    // no error, beyond the catches that end there, when the body always runs to its end.
    let provable = body == .through && !catches.contains(nil)
    let ending = zip(node.catchClauses, catches).filter { $0.1 == .through }.map {
      location($0.0.body)
    }
    add(
      .catch, at: node, reachedAt: node.doKeyword, arms: arms,
      shape: provable ? .someCatches : .catches,
      ambiguity: provable ? nil : "no catch-all (an error no clause matches leaves the do)",
      unproven: "no catch-all, and no region after the do",
      witness: provable ? .afterMinus(location(after: node), ending) : nil)
    return .visitChildren
  }

  override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
    addLoop(
      .for, node, keyword: node.forKeyword, body: node.body, shape: .loop,
      // `for try await`: the `try` sits on the loop, not in the sequence.
      throwing: node.tryKeyword != nil || Positions.canThrow(node.sequence)
        ? "a sequence that can throw" : nil,
      filter: node.whereClause != nil
        ? "a where clause (the body's region counts filtered elements too)"
        : node.caseKeyword != nil
          ? "a case pattern (the body's region counts the elements it rejects too)" : nil)
  }

  override func visit(_ node: WhileStmtSyntax) -> SyntaxVisitorContinueKind {
    // A first condition that is an expression has a region that counts the evaluations, each of
    // which enters the body or leaves the loop: the exits with a `break` landing after the loop
    // too, unless a condition can throw (an evaluation that does neither). `while let` has none.
    let throwing = Positions.canThrow(node.conditions)
    let first = node.conditions.first.flatMap { $0.condition.is(ExprSyntax.self) ? $0 : nil }
    return addLoop(
      .while, node, keyword: node.whileKeyword, body: node.body, shape: .loop,
      throwing: throwing ? "a condition that can throw" : nil,
      evaluations: throwing ? nil : first.map { location($0) })
  }

  override func visit(_ node: RepeatStmtSyntax) -> SyntaxVisitorContinueKind {
    addLoop(
      .repeat, node, keyword: node.repeatKeyword, body: node.body, shape: .repeatLoop,
      throwing: Positions.canThrow(node.condition) ? "a condition that can throw" : nil,
      exitsAfterBodyWhenLeft: true)
  }

  /// A loop, reached at its keyword, its body the one arm. Its exits follow from its reach
  /// unless a jump or a throw leaves it another way; the region after it counts them unless a
  /// `break` lands there too. A `where` filter makes the body's own count ambiguous.
  ///
  /// - Parameters:
  ///   - exitsAfterBodyWhenLeft: a `repeat`: a body that can leave the loop ends the region before
  ///     the condition, so the region after the loop starts at the body's end.
  ///   - evaluations: where a region counts the condition's evaluations (a `while`'s first
  ///     expression condition): with a `break`, the exits are that count minus the body's.
  private func addLoop(
    _ kind: Decision.Kind, _ node: some SyntaxProtocol, keyword: TokenSyntax, body: CodeBlockSyntax,
    shape: Candidate.Shape, throwing: String?, filter: String? = nil,
    exitsAfterBodyWhenLeft: Bool = false, evaluations: CoverageModel.SourceLocation? = nil
  ) -> SyntaxVisitorContinueKind {
    let exits = LoopExits.find(body, label: Self.label(of: node))
    // A labelled loop's region after it starts where the labelled statement ends: the same place.
    let end = exitsAfterBodyWhenLeft && exits.reason != nil ? Syntax(body) : Syntax(node)
    let after = location(after: end)
    // Breaks land after the loop too: a `while`'s first condition counts the exits with the
    // body, or else each break's own block counts it (a `repeat`'s is not proven).
    let witness: Candidate.Witness? =
      !exits.breaks
      ? .after(after)
      : evaluations.map { .conditionMinusBody($0) }
        ?? (exits.unexplainedBreaks || exitsAfterBodyWhenLeft
          ? nil : .afterMinus(after, exits.breakBlocks.map { location($0) }))
    add(
      kind, at: node, reachedAt: keyword, arms: [("body", Syntax(body))], shape: shape,
      ambiguity: filter, unproven: throwing ?? exits.reason, witness: witness)
    return .visitChildren
  }

  /// `? :`, `&&`, `||` and `??` in an unfolded operator sequence (folding by precedence would
  /// cost a rewrite of the whole tree): a right side starts at the element after its operator
  /// whatever the precedence, and the operator itself sits in the region of the code that reached
  /// it (after a left side's own region ends), so neither needs the fold.
  override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
    var elements = node.elements.makeIterator()
    var current = elements.next()
    while let element = current {
      let next = elements.next()
      defer { current = next }
      guard let right = next else { break }
      if let ternary = element.as(UnresolvedTernaryExprSyntax.self) {
        add(
          .ternary, at: ternary.questionMark, root: Syntax(node), reachedAt: ternary.questionMark,
          arms: [("then", Syntax(ternary.thenExpression)), ("else", Syntax(right))],
          shape: .arms(implicit: nil))
      } else if let binary = element.as(BinaryOperatorExprSyntax.self),
        let kind = Self.shortCircuit[binary.operator.text]
      {
        add(
          kind, at: binary, root: Syntax(node), reachedAt: binary, arms: [("right", Syntax(right))],
          shape: .rightSide)
      }
    }
    return .visitChildren
  }

  static let shortCircuit: [String: Decision.Kind] = ["&&": .and, "||": .or, "??": .nilCoalescing]

  /// `case .sun`, `case let .rain(mm)`, `default`: how the case reads in a report.
  static func caseLabel(_ node: SwitchCaseSyntax) -> String {
    switch node.label {
    case .default: "default"
    case .case(let label): "case \(shortened(label.caseItems.trimmedDescription))"
    }
  }

  static func shortened(_ text: String) -> String {
    let oneLine = text.split(whereSeparator: \.isNewline)
      .map {
        String($0.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
      }
      .joined(separator: " ")
    return oneLine.count > 40 ? String(oneLine.prefix(39)) + "…" : oneLine
  }

  /// Whether a catch clause catches every error: no pattern, `let error`, or `_`, and no `where`.
  static func catchesEverything(_ clause: CatchClauseSyntax) -> Bool {
    guard let item = clause.catchItems.first else { return true }
    guard clause.catchItems.count == 1, item.whereClause == nil else { return false }
    guard let pattern = item.pattern else { return true }
    if pattern.is(WildcardPatternSyntax.self) { return true }
    return pattern.as(ValueBindingPatternSyntax.self)?.pattern.is(IdentifierPatternSyntax.self)
      ?? false
  }

  /// The statement label of a loop (`outer:`), if any.
  static func label(of node: some SyntaxProtocol) -> String? {
    node.parent?.as(LabeledStmtSyntax.self)?.label.text
  }
}
