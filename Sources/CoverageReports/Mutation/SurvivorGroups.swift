import CoverageModel
import Mutation

/// Survivors of one line that the same tests ran, as one entry: five operators on one
/// comparison are one gap in the tests, read once, not five near-identical lines.
struct SurvivorGroup: Equatable {
  var file: String
  var line: Int
  var tests: [String]
  /// In the report's order (by column, then operator, as the run lists them).
  var mutants: [Mutant]

  /// Groups `survivors` by file, line and tests, each group where its first survivor was.
  static func grouping(_ survivors: [MutantResult]) -> [SurvivorGroup] {
    var groups: [SurvivorGroup] = []
    var positions: [String: Int] = [:]
    for survivor in survivors {
      let mutant = survivor.mutant
      let key = "\(mutant.file)\u{0}\(mutant.line)\u{0}\(survivor.tests.joined(separator: "\u{0}"))"
      if let position = positions[key] {
        groups[position].mutants.append(mutant)
      } else {
        positions[key] = groups.count
        groups.append(
          SurvivorGroup(
            file: mutant.file, line: mutant.line, tests: survivor.tests, mutants: [mutant]))
      }
    }
    return groups
  }
}
