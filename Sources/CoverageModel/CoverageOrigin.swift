/// Which tool's figures a report holds: never mixed in one total, and named in every report.
/// llvm-cov's is covgate's own; every other is declared by its reader, in the reader's folder.
public struct CoverageOrigin: Hashable, Sendable {
  /// Its name in the JSON report (`"source": "lcov"`).
  public var id: String
  /// The producer's name in a sentence ("which LCOV data does not hold").
  public var name: String
  /// Who made figures that are not llvm-cov's, and how they are counted, for the sentence
  /// `Capabilities.figuresNote` writes; nil for llvm-cov's.
  public var producer: Producer?
  /// What its input file is called in a sentence ("the tracefile is older than the source").
  public var reportNoun: String

  /// Who made the figures and how they count them: "Figures from *an LCOV tracefile*: lines and
  /// functions as *its producer counted them*".
  public struct Producer: Hashable, Sendable {
    public var name: String
    public var counting: String

    public init(name: String, counting: String) {
      self.name = name
      self.counting = counting
    }
  }

  public init(id: String, name: String, producer: Producer?, reportNoun: String) {
    self.id = id
    self.name = name
    self.producer = producer
    self.reportNoun = reportNoun
  }

  /// llvm-cov (SwiftPM's export, or `llvm-cov export` on Xcode's profile data): lines,
  /// functions, instantiations, regions, and branches covgate derives from them.
  public static let llvmCov = CoverageOrigin(
    id: "llvm-cov", name: "llvm-cov", producer: nil, reportNoun: "export")
}
