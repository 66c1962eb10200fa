import CoverageModel
import SwiftParser
import SwiftSyntax

/// Derives branch coverage of a Swift source from the counts of its regions: Swift's compiler
/// gives every `if` body, `guard` else, `switch` case, `catch`, loop body, ternary side and
/// right side of `&&`, `||`, `??` a region, and the enclosing region says how often the
/// decision was reached. Only what the regions prove is derived (`OutcomeDerivation`); the rest
/// is listed as not derivable with its reason.
public enum BranchDeriver {
  /// A function record's name and its code regions in one file.
  public typealias Record = (name: String, regions: [Region])

  /// - Parameters:
  ///   - source: the file's bytes as compiled.
  ///   - records: every function record with code in the file: identical ranges are added up
  ///     within a function (its instantiations), never across functions.
  public static func derive(source: [UInt8], records: [Record]) -> DerivedBranches {
    derive(records: records) { decisions(in: source) }
  }

  /// The decisions of a source, found by parsing it (the costly part of a derivation).
  public static func decisions(in source: [UInt8]) -> SourceDecisions {
    let tree = source.withUnsafeBufferPointer { Parser.parse(source: $0) }
    let finder = DecisionFinder(
      converter: SourceLocationConverter(fileName: "", tree: tree),
      builders: ResultBuilders.declared(in: tree))
    finder.walk(tree)
    return SourceDecisions(candidates: finder.candidates)
  }

  /// - Parameters:
  ///   - records: every function record with code in the file.
  ///   - decisions: the source's decisions; asked for only when a region holds another, since
  ///     code without nested regions has no decision with data.
  public static func derive(records: [Record], decisions: () -> SourceDecisions)
    -> DerivedBranches
  {
    derive(records: records, decisions: decisions, checkingContexts: true)
  }

  /// - Parameter checkingContexts: false to derive in unproven contexts too, so that a test
  ///   shows what the consistency laws alone catch there.
  static func derive(
    records: [Record], decisions: () -> SourceDecisions, checkingContexts: Bool
  ) -> DerivedBranches {
    let index = RegionIndex(records)
    guard index.hasNestedRegions else { return DerivedBranches() }
    var branches = DerivedBranches()
    // Where a region starts after a decision whose counts broke a law, and that decision's
    // line: a decision reached in such a region has no proven reach either.
    var disproved: [CoverageModel.SourceLocation: Int] = [:]
    for var candidate in decisions().candidates {
      if !checkingContexts {
        candidate.context = nil
        candidate.reachedInBlock = nil
      } else if candidate.contextBreaksLaw {
        candidate.law = nil
      }
      let point = DecisionPoint(location: candidate.location, paths: candidate.paths)
      var result = OutcomeDerivation.derive(candidate, regions: index)
      // The region the decision is in, and the one its reach is read from (a condition's own).
      let regions = [candidate.location, candidate.reachedAt].compactMap(index.start(holding:))
      if case .derived = result, let line = regions.lazy.compactMap({ disproved[$0] }).first {
        result = .notDerivable(
          "witness failed (a decision is reached as often as the region it is in ran): that region follows line \(line), whose counts broke a law",
          contradicted: true)
      }
      switch result {
      case .derived(let decision):
        branches.decisions.append(decision)
        branches.points.append(point)
      case .notDerivable(let reason, let contradicted):
        if contradicted, let after = candidate.after { disproved[after] = candidate.location.line }
        branches.notDerivable.append(
          NotDerivable(
            kind: candidate.kind, location: candidate.location, reason: reason,
            contradicted: contradicted))
        branches.points.append(point)
      case .noData: break
      }
    }
    branches.decisions.sort { ($0.location, $0.kind.rawValue) < ($1.location, $1.kind.rawValue) }
    branches.notDerivable.sort { $0.location < $1.location }
    branches.points.sort { $0.location < $1.location }
    return branches
  }
}
