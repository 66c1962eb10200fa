import CoverageModel
import SwiftParser
import SwiftSyntax

/// Derives branch coverage of a Swift source from the counts of its regions: Swift's compiler
/// gives every `if` body, `guard` else, `switch` case, `catch`, loop body, ternary side and
/// right side of `&&`, `||`, `??` a region, and the enclosing region says how often the
/// decision was reached.
public enum BranchDeriver {
  /// - Parameters:
  ///   - source: the file's bytes as compiled.
  ///   - regions: the code regions of every function record in the file.
  public static func derive(source: [UInt8], regions: [Region]) -> DerivedBranches {
    derive(regions: regions) { decisions(in: source) }
  }

  /// The decisions of a source, found by parsing it (the costly part of a derivation).
  public static func decisions(in source: [UInt8]) -> SourceDecisions {
    let tree = source.withUnsafeBufferPointer { Parser.parse(source: $0) }
    let finder = DecisionFinder(converter: SourceLocationConverter(fileName: "", tree: tree))
    finder.walk(tree)
    return SourceDecisions(candidates: finder.candidates)
  }

  /// - Parameters:
  ///   - regions: the code regions of every function record in the file.
  ///   - decisions: the source's decisions; asked for only when a region holds another, since
  ///     code without nested regions has no decision with data.
  public static func derive(regions: [Region], decisions: () -> SourceDecisions)
    -> DerivedBranches
  {
    let index = RegionIndex(regions)
    guard index.hasNestedRegions else { return DerivedBranches() }
    var branches = DerivedBranches()
    for candidate in decisions().candidates {
      let point = DecisionPoint(location: candidate.location, paths: candidate.paths)
      switch OutcomeDerivation.derive(candidate, regions: index) {
      case .derived(let decision):
        branches.decisions.append(decision)
        branches.points.append(point)
      case .notDerivable:
        branches.notDerivable.append(candidate.location)
        branches.points.append(point)
      case .noData: break
      }
    }
    branches.decisions.sort { ($0.location, $0.kind.rawValue) < ($1.location, $1.kind.rawValue) }
    branches.notDerivable.sort()
    branches.points.sort { $0.location < $1.location }
    return branches
  }
}
