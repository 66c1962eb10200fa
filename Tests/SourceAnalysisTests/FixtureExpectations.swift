import CoverageModel
import Foundation
import SourceAnalysis

/// The `// expect:` comments of the Branches fixture, and derived branches written the same
/// way, so that a test compares the two line by line.
enum FixtureExpectations {
  static func url(_ name: String) -> URL {
    Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil)!
  }

  /// Per line, what the comment says: decisions as `KIND reached=N | label count | ...`,
  /// `not derivable`, or nothing (`no data`, `nothing (why)`).
  static func expected(in source: String) -> [Int: [String]] {
    var expected: [Int: [String]] = [:]
    for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      guard let range = line.range(of: "// expect: ") else { continue }
      let entries = line[range.upperBound...].components(separatedBy: " ;; ")
      expected[index + 1] = entries.filter { $0 != "no data" && !$0.hasPrefix("nothing") }
    }
    return expected.filter { !$0.value.isEmpty }
  }

  /// The derived branches in the comments' words.
  static func written(_ branches: DerivedBranches) -> [Int: [String]] {
    var written: [Int: [String]] = [:]
    for decision in branches.decisions {
      let outcomes = decision.outcomes.map { " | \($0.label) \($0.count)" }.joined()
      written[decision.location.line, default: []].append(
        "\(decision.kind.rawValue) reached=\(decision.reached)\(outcomes)")
    }
    for location in branches.notDerivable {
      written[location.line, default: []].append("not derivable")
    }
    return written
  }
}
