import SwiftCompilerPlugin
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `#stringify(x)` is `(x, "x")`, as in swift-syntax's examples: the argument's code is
/// compiled inside the expansion.
public struct StringifyMacro: ExpressionMacro {
  public static func expansion(
    of node: some FreestandingMacroExpansionSyntax, in context: some MacroExpansionContext
  ) -> ExprSyntax {
    let argument = node.arguments.first!.expression
    return "(\(argument), \(literal: argument.description))"
  }
}

/// `#clamp(v, lo, hi)`: an expansion with decisions of its own (two ternaries), which the
/// source does not show.
public struct ClampMacro: ExpressionMacro {
  public static func expansion(
    of node: some FreestandingMacroExpansionSyntax, in context: some MacroExpansionContext
  ) -> ExprSyntax {
    let parts = node.arguments.map(\.expression)
    let (value, low, high) = (parts[0], parts[1], parts[2])
    return "(\(value) < \(low) ? \(low) : (\(value) > \(high) ? \(high) : \(value)))"
  }
}

/// `@AddChecked` on `static func f(_ x: Int) -> Int` adds `fChecked(_:)`, nil for a negative
/// `x`: a peer function whose `if` lies in the expansion alone.
public struct AddCheckedMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    let name = declaration.as(FunctionDeclSyntax.self)!.name.text
    return [
      """
      public static func \(raw: name)Checked(_ x: Int) -> Int? {
        if x < 0 { return nil }
        return \(raw: name)(x)
      }
      """
    ]
  }
}

@main
struct Plugin: CompilerPlugin {
  let providingMacros: [any Macro.Type] = [
    StringifyMacro.self, ClampMacro.self, AddCheckedMacro.self,
  ]
}
