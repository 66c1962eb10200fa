import CoverageModel

/// A place in one source file where a mutant can be switched in: the code's byte range, what
/// it is and what it becomes. `MutantSchema` writes the switch around the range.
public struct MutationSite: Sendable, Hashable {
  public var kind: MutationOperator
  public var line: Int
  public var column: Int
  /// The code as written, on one line.
  public var original: String
  /// The code the mutant runs instead, on one line.
  public var mutated: String
  /// UTF-8 offsets of the code (its trivia left out).
  public var start: Int
  public var end: Int
  /// How the switch is written: an expression chooses between values; a statement is left out.
  public var shape: Shape
  /// In a global's or a static stored property's initializer: code that runs once per process,
  /// whose mutants run each test in a fresh process and are counted apart.
  public var isStatic: Bool

  public enum Shape: Sendable, Hashable {
    case expression
    case statement
  }

  public init(
    kind: MutationOperator, line: Int, column: Int, original: String, mutated: String,
    start: Int, end: Int, shape: Shape, isStatic: Bool = false
  ) {
    self.kind = kind
    self.line = line
    self.column = column
    self.original = original
    self.mutated = mutated
    self.start = start
    self.end = end
    self.shape = shape
    self.isStatic = isStatic
  }
}
