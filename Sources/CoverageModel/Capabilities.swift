/// What a reader's coverage data holds: every stage after reading asks this, never where the
/// data came from, so a new reader says what its data holds and changes no gate or report code.
public struct Capabilities: Hashable, Sendable {
  /// Regions and instantiations are counted: their figures exist.
  public var regions: Bool
  /// Function records with their regions: a file's figures can be recomputed without some of
  /// its lines (exclusion markers), and branches derived from the regions.
  public var functionRegions: Bool
  /// Function names are the compiler's symbols, demangled before a report shows them.
  public var mangledNames: Bool
  /// The line figure adds up each function's lines (llvm-cov's way: a line inside two functions
  /// counts twice), so it can differ from the lines with a count in the line view.
  public var linesCountedPerFunction: Bool
  /// Functions are listed (all but xccov's archive read without its report).
  public var functions = true
  /// Whose figures these are: named where a report says so, and nowhere else.
  public var source: CoverageOrigin
  /// How to give the reader per-line counts where its data has none, said when a line's
  /// exclusion marker needs them (xccov: pass the archive with the report).
  public var lineCountsFix: String?

  public init(
    regions: Bool, functionRegions: Bool, mangledNames: Bool, linesCountedPerFunction: Bool,
    functions: Bool = true, source: CoverageOrigin, lineCountsFix: String? = nil
  ) {
    self.lineCountsFix = lineCountsFix
    self.functions = functions
    self.regions = regions
    self.functionRegions = functionRegions
    self.mangledNames = mangledNames
    self.linesCountedPerFunction = linesCountedPerFunction
    self.source = source
  }

  /// llvm-cov's export: regions, function records, mangled names, lines added up per function.
  public static let llvmCov = Capabilities(
    regions: true, functionRegions: true, mangledNames: true, linesCountedPerFunction: true,
    source: .llvmCov)
}

extension Capabilities {
  /// What every report says of figures that are not llvm-cov's own, derived from what the data
  /// holds, so that a new reader's capabilities write its sentence: whose figures, what they
  /// count, and what is n/a. Nil for llvm-cov's (its figures are its own summaries).
  public var figuresNote: String? {
    guard let producer = source.producer else { return nil }
    var counted = ["lines"]
    if functions { counted.append("functions") }
    var missing: [String] = []
    if !functions { missing.append("functions") }
    if !regions { missing += ["regions", "instantiations"] }
    if !functionRegions { missing.append("branches") }
    let figures = "Figures from \(producer.name): \(Self.listed(counted)) as \(producer.counting)"
    guard !missing.isEmpty else { return figures + "." }
    return figures
      + "; \(Self.listed(missing)) are not in what covgate reads of it, so they are n/a."
  }

  /// `a`, `a and b`, `a, b and c`.
  private static func listed(_ words: [String]) -> String {
    guard let last = words.last, words.count > 1 else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + " and " + last
  }
}
