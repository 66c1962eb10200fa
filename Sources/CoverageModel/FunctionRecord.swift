/// One function as llvm-cov exported it in `functions[]`: its regions with their counts.
///
/// Summaries and line views can be recomputed from these records, and records of the same code
/// from several runs can be added region by region.
public struct FunctionRecord: Hashable, Sendable {
  /// The mangled name (`swift-demangle` reads it).
  public var name: String
  /// How many times the function ran: the count of its first region.
  public var count: UInt64
  /// The function's regions, in the order llvm-cov wrote them.
  public var regions: [Region]
  /// The files the regions point into, indexed by `Region.fileID` (Swift has one).
  public var filenames: [String]

  public init(name: String, count: UInt64, regions: [Region], filenames: [String]) {
    self.name = name
    self.count = count
    self.regions = regions
    self.filenames = filenames
  }
}
