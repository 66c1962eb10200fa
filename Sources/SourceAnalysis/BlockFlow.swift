import SwiftSyntax

/// How a block of statements ends, as far as its syntax proves: it always runs to its end, or it
/// always leaves by a jump as its last statement. A block that may do either (a jump inside a
/// nested statement, a `try`) is neither, and a law that needs to know is not checked.
enum BlockFlow {
  /// Runs to its end and continues after the statement that holds it.
  case through
  /// Ends in a `return`, `throw`, `break`, `continue` or `fallthrough`, and nothing before leaves.
  case leaves

  /// - Parameters:
  ///   - breakContinues: a `switch` case: an unlabelled `break` lands after the switch.
  ///   - tryLeaves: false in a `do` body, whose errors go to its catch clauses.
  static func of(
    _ items: CodeBlockItemListSyntax, breakContinues: Bool = false, tryLeaves: Bool = true
  ) -> BlockFlow? {
    guard let last = items.last else { return .through }
    if items.dropLast().contains(where: { JumpFinder.leaves(Syntax($0), tryLeaves: tryLeaves) }) {
      return nil
    }
    if let jump = last.item.as(BreakStmtSyntax.self), breakContinues, jump.label == nil {
      return .through
    }
    if isJump(last.item) { return .leaves }
    return JumpFinder.leaves(Syntax(last), tryLeaves: tryLeaves) ? nil : .through
  }

  private static func isJump(_ item: CodeBlockItemSyntax.Item) -> Bool {
    item.is(ReturnStmtSyntax.self) || item.is(ThrowStmtSyntax.self)
      || item.is(BreakStmtSyntax.self) || item.is(ContinueStmtSyntax.self)
      || item.is(FallThroughStmtSyntax.self)
  }
}
