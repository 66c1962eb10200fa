import SwiftSyntax

/// The contexts around a decision that change what its regions mean though its position is a
/// proven one (`ProvenPositions`): code the compiler transforms or copies before it maps
/// regions. A decision is derived only when no enclosing context is one of the unproven ones
/// below; the report names the context otherwise.
///
/// Proven, each by a decision of the Contexts fixture whose hand-written counts the derivation
/// gives (`ProvenContextsTests`): a closure's body, a result-builder body's `if`/`else` chains,
/// `switch`, `for`, ternaries and `&&`, a noncopyable type's methods, a `case ... where` body, a
/// `do throws(E)` body. Not proven, with what the fixture shows:
/// - what follows a result-builder body's `if` without `else` (`buildOptional`) in the same
///   body: the region after the `if` counts the then side twice and the skipped side not at all
///   (the `if`'s own counts are right, and it is derived without its exit law). An `if` or a
///   `switch` statement, or an operator at the top of an expression statement, there is
///   reached once per entry of its block (a builder body has no jumps, and without a `try` no
///   throw): its reach is read from the block's own region instead; loops and anything nested
///   deeper are left out;
/// - a `for` loop over a parameter pack (`for x in repeat each v`): its body's region counts 0;
/// - a default argument, a stored, static or global property's initializer, an attribute's or a
///   macro's argument: code compiled where it is used, or once per process, not where it is.
public enum ProvenContexts {
  /// What the contexts around a decision allow.
  enum Check: Equatable {
    case proven
    /// Why a context is not proven.
    case unproven(String)
    /// Proven, but the decision follows a result builder's `if` without `else` in its block,
    /// whose region after it counts wrong: the block's statements each ran once per entry of
    /// the block, so the decision's reach is the count of the block's own region, which starts
    /// here.
    case reachedAtBlock(AbsolutePosition)

    var reason: String? {
      if case .unproven(let reason) = self { return reason }
      return nil
    }
  }

  /// What the contexts around `node` allow.
  static func check(_ node: Syntax, builders: Set<String>) -> Check {
    let packLoop = "context not proven (a for-in over a parameter pack: its body's region counts 0)"
    if node.as(ForStmtSyntax.self)?.sequence.is(PackExpansionExprSyntax.self) == true {
      return .unproven(packLoop)
    }
    var child = node
    var inOwnFunction = true
    // The statement lists between the decision and its function's body.
    var blocks: [CodeBlockItemListSyntax] = []
    while let parent = child.parent {
      if let loop = parent.as(ForStmtSyntax.self), loop.sequence.is(PackExpansionExprSyntax.self),
        child.id == loop.body.id
      {
        return .unproven(packLoop)
      }
      if inOwnFunction, let list = child.as(CodeBlockItemListSyntax.self) { blocks.append(list) }
      if inOwnFunction, isBuilderBody(child, of: parent, builders: builders),
        blocks.contains(where: { ResultBuilders.optionalIf(in: $0, before: node) })
      {
        if !Positions.canThrow(child), let list = blocks.first,
          let start = ResultBuilders.blockStart(list, ifStatementOf: node)
        {
          return .reachedAtBlock(start)
        }
        return .unproven(
          "context not proven (after an if without else in a result-builder body, whose region after it counts the then side twice)"
        )
      }
      if startsAFunction(parent) { inOwnFunction = false }
      if let reason = copiedContext(parent, child: child) {
        return .unproven("context not proven (\(reason))")
      }
      // A declaration's body is its own function: what holds the declaration does not matter.
      if parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self)
        || parent.is(DeinitializerDeclSyntax.self) || parent.is(AccessorBlockSyntax.self)
        || parent.is(SubscriptDeclSyntax.self)
      {
        return .proven
      }
      child = parent
    }
    return .proven
  }

  /// Whether the statement `node` is in a body a result builder transforms (not in a closure or
  /// a nested function inside it): an `if` without `else` there has a region after it that
  /// counts its then side twice, so its exit law does not hold, though its own counts do.
  static func inBuilderBody(_ node: Syntax, builders: Set<String>) -> Bool {
    var child = node
    while let parent = child.parent {
      if isBuilderBody(child, of: parent, builders: builders) { return true }
      if startsAFunction(parent) { return false }
      child = parent
    }
    return false
  }

  /// Whether code inside `node` is a function of its own (a closure, a function, an accessor,
  /// an initializer), with regions of its own: the body a decision is in ends there.
  private static func startsAFunction(_ node: Syntax) -> Bool {
    node.is(ClosureExprSyntax.self) || node.is(FunctionDeclSyntax.self)
      || node.is(AccessorDeclSyntax.self) || node.is(AccessorBlockSyntax.self)
      || node.is(InitializerDeclSyntax.self)
  }

  /// Whether `child` is a body a result builder transforms.
  private static func isBuilderBody(_ child: Syntax, of parent: Syntax, builders: Set<String>)
    -> Bool
  {
    if let body = child.as(CodeBlockSyntax.self) {
      return ResultBuilders.isBuilderBody(body, of: parent, builders: builders)
    }
    if child.is(CodeBlockItemListSyntax.self), let block = parent.as(AccessorBlockSyntax.self) {
      return ResultBuilders.isBuilderGetter(block, builders: builders)
    }
    return false
  }

  /// Contexts whose code is compiled where it is used, or runs once per process.
  private static func copiedContext(_ parent: Syntax, child: Syntax) -> String? {
    if parent.is(FunctionParameterSyntax.self) || parent.is(EnumCaseParameterSyntax.self) {
      return "a default argument: compiled into the code that calls without it"
    }
    if parent.is(AttributeSyntax.self) { return "an attribute's argument" }
    if parent.is(MacroExpansionExprSyntax.self) || parent.is(MacroExpansionDeclSyntax.self) {
      return "a macro's argument: the macro decides where its code goes"
    }
    if let binding = parent.as(PatternBindingSyntax.self), child.id == binding.initializer?.id,
      binding.parent?.parent?.as(VariableDeclSyntax.self).map(isStoredOutsideFunctions) == true
    {
      return "a stored, static or global property's initializer"
    }
    return nil
  }

  /// Whether a variable is a property or a global (not a local of a function or closure).
  private static func isStoredOutsideFunctions(_ variable: VariableDeclSyntax) -> Bool {
    var node = variable.parent
    while let current = node {
      if current.is(MemberBlockSyntax.self) || current.is(SourceFileSyntax.self) { return true }
      if current.is(CodeBlockSyntax.self) || current.is(ClosureExprSyntax.self)
        || current.is(AccessorBlockSyntax.self)
      {
        return false
      }
      node = current.parent
    }
    return false
  }
}
