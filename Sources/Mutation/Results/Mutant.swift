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
  /// A static mutant: in a global's or a static stored property's initializer, code that runs
  /// once per process. Its tests run each in a fresh process, and it is counted apart. In the
  /// JSON as `"static": true`, left out when false.
  public var isStatic: Bool

  public init(
    id: Int, file: String, line: Int, column: Int, kind: MutationOperator, original: String,
    mutated: String, isStatic: Bool = false
  ) {
    self.id = id
    self.file = file
    self.line = line
    self.column = column
    self.kind = kind
    self.original = original
    self.mutated = mutated
    self.isStatic = isStatic
  }

  enum CodingKeys: String, CodingKey {
    case id, file, line, column, kind, original, mutated
    case isStatic = "static"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    file = try container.decode(String.self, forKey: .file)
    line = try container.decode(Int.self, forKey: .line)
    column = try container.decode(Int.self, forKey: .column)
    kind = try container.decode(MutationOperator.self, forKey: .kind)
    original = try container.decode(String.self, forKey: .original)
    mutated = try container.decode(String.self, forKey: .mutated)
    isStatic = try container.decodeIfPresent(Bool.self, forKey: .isStatic) ?? false
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(file, forKey: .file)
    try container.encode(line, forKey: .line)
    try container.encode(column, forKey: .column)
    try container.encode(kind, forKey: .kind)
    try container.encode(original, forKey: .original)
    try container.encode(mutated, forKey: .mutated)
    if isStatic { try container.encode(true, forKey: .isStatic) }
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
