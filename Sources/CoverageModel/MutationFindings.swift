/// What a `covgate mutate` run found on the measured code, carried into the coverage reports
/// (`--mutation-report`): the site marks each survivor on its line, the Markdown counts the
/// mutants per layer with the first survivors, and GitHub annotates the survivors' lines.
public struct MutationFindings: Sendable, Equatable {
  public var layers: [Layer]
  /// Sorted by file, line and column.
  public var survivors: [Survivor]
  /// The mutation report's HTML page, relative to the coverage site's folder; nil when it is
  /// not beside the site.
  public var page: String?

  public init(layers: [Layer], survivors: [Survivor], page: String?) {
    self.layers = layers
    self.survivors = survivors
    self.page = page
  }

  /// A layer's mutants by outcome.
  public struct Layer: Sendable, Equatable {
    public var name: String
    /// Killed (crashes included) against killed and survived.
    public var score: Metric
    public var survived: Int
    public var timedOut: Int
    public var noCoverage: Int

    public init(name: String, score: Metric, survived: Int, timedOut: Int, noCoverage: Int) {
      self.name = name
      self.score = score
      self.survived = survived
      self.timedOut = timedOut
      self.noCoverage = noCoverage
    }
  }

  /// A mutant its tests did not catch.
  public struct Survivor: Sendable, Equatable {
    /// Its id in the mutation report (the page's anchor `m<id>`).
    public var id: Int
    /// Package-relative.
    public var file: String
    public var line: Int
    public var column: Int
    /// The operator's name (`relational-boundary`).
    public var kind: String
    public var original: String
    /// Empty when the mutation removes the code.
    public var mutated: String
    /// The tests that ran its line and passed with it in place.
    public var tests: [String]

    public init(
      id: Int, file: String, line: Int, column: Int, kind: String, original: String,
      mutated: String, tests: [String]
    ) {
      self.id = id
      self.file = file
      self.line = line
      self.column = column
      self.kind = kind
      self.original = original
      self.mutated = mutated
      self.tests = tests
    }

    /// `a < b` → `a <= b`, or `audit()` removed.
    public var change: String {
      mutated.isEmpty ? "`\(original)` removed" : "`\(original)` → `\(mutated)`"
    }
  }
}
