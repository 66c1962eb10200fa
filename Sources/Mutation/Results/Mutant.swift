import CoverageModel
import Foundation

/// A fault `covgate mutate` seeds: one change of one piece of code, switched on at run time by
/// its id (`COVGATE_MUTANT`), so that every mutant of a package is in one build.
public struct Mutant: Sendable, Hashable, Codable {
  /// Unique in one mutation run; 0 is the original code.
  public var id: Int
  /// Package-relative.
  public var file: String
  public var line: Int
  public var column: Int
  public var kind: MutationOperator
  /// The code at the site as written, on one line.
  public var original: String
  /// What it becomes.
  public var mutated: String

  public init(
    id: Int, file: String, line: Int, column: Int, kind: MutationOperator, original: String,
    mutated: String
  ) {
    self.id = id
    self.file = file
    self.line = line
    self.column = column
    self.kind = kind
    self.original = original
    self.mutated = mutated
  }

  /// The change in words: "`a < b` -> `a <= b`", or "`audit()` removed".
  public var change: String {
    mutated.isEmpty ? "`\(original)` removed" : "`\(original)` -> `\(mutated)`"
  }
}

/// The faults seeded, as PIT, Stryker and cargo-mutants name them.
public enum MutationOperator: String, Sendable, Codable, CaseIterable {
  /// `<` to `<=` and back, `>` to `>=` and back.
  case relationalBoundary = "relational-boundary"
  /// A comparison turned around: `<` to `>=`, `==` to `!=`...
  case negatedComparison = "negated-comparison"
  /// `&&` to `||` and back.
  case logicalConnector = "logical-connector"
  /// `!condition` to `condition`.
  case removedNegation = "removed-negation"
  /// `true` to `false` and back.
  case booleanLiteral = "boolean-literal"
  /// `+` to `-`, `*` to `/`, `%` to `*`, and their assignments (`+=` to `-=`).
  case arithmetic
  /// `c ? a : b` to `c ? b : a`.
  case swappedTernary = "swapped-ternary"
  /// A call whose result is unused, removed.
  case removedCall = "removed-call"
}

/// A piece of code in scope that was not mutated, and why (never dropped without a word).
public struct SkippedMutationSite: Sendable, Hashable, Codable {
  public var file: String
  public var line: Int
  public var reason: String

  public init(file: String, line: Int, reason: String) {
    self.file = file
    self.line = line
    self.reason = reason
  }
}
