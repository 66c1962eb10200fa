import CoverageModel
import SwiftOperators
import SwiftParser
import SwiftSyntax

/// Lists the mutation sites of one Swift source file on the lines asked for, and the code on
/// those lines that is not mutated, with the reason.
public enum MutantFinder {
  /// Calls that removing cannot make a fault of: output, and checks that stop the process.
  public static let defaultIgnoredCalls: Set<String> = [
    "print", "debugPrint", "dump", "NSLog", "os_log", "assert", "assertionFailure",
    "precondition", "preconditionFailure", "fatalError",
  ]

  /// - Parameters:
  ///   - inScope: whether a line is to be mutated.
  ///   - ignoredCalls: names of calls never removed (logging), beside the defaults.
  public static func sites(
    in source: String, file: String, inScope: @escaping (Int) -> Bool,
    ignoredCalls: Set<String> = []
  ) -> (sites: [MutationSite], skipped: [SkippedMutationSite]) {
    let parsed = Parser.parse(source: source)
    var operators = OperatorTable.standardOperators
    // Operators the file declares itself; one it uses but does not declare stays unfolded and
    // is not mutated.
    try? operators.addSourceFile(parsed)
    let folded = operators.foldAll(parsed) { _ in }
    let finder = SiteFinder(
      converter: SourceLocationConverter(fileName: file, tree: folded), file: file,
      inScope: inScope, ignoredCalls: ignoredCalls.union(defaultIgnoredCalls))
    finder.walk(folded)
    return (finder.sites, finder.skipped)
  }
}
