import CoverageModel
import Foundation
import LLVMCoverage
import SourceAnalysis

/// The `// expect:` comments of a fixture package's sources, and derived branches written the
/// same way, so that a test compares the two line by line.
enum FixtureExpectations {
  /// A fixture package: its name (and its one target's) and the sources with decisions.
  struct Fixture {
    var name: String
    var sourceNames: [String]
  }

  /// Decisions in every position the allowlist proves, and in positions it does not.
  static let branches = Fixture(
    name: "Branches",
    sourceNames: ["Decisions.swift", "Families.swift", "LoopRegions.swift", "Placements.swift"])

  /// Decisions in contexts that change what their regions mean: result builders, parameter
  /// packs, default arguments, typed throws, noncopyable types, patterns.
  static let contexts = Fixture(
    name: "Contexts",
    sourceNames: [
      "Builders.swift", "Defaults.swift", "Packs.swift", "Patterns.swift", "Variants.swift",
    ])

  /// Decisions in and around macro expansions: a freestanding macro's argument, expansions
  /// with decisions of their own, a peer macro's function.
  static let macros = Fixture(name: "Macros", sourceNames: ["Uses.swift"])

  /// The Branches fixture's sources, by file name.
  static let sourceNames = branches.sourceNames

  static func url(_ name: String) -> URL {
    Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil)!
  }

  static func sourceURL(_ name: String, in package: URL? = nil, of fixture: Fixture = branches)
    -> URL
  {
    (package ?? url(fixture.name)).appendingPathComponent("Sources/\(fixture.name)/\(name)")
  }

  /// Per line, what the comment says: decisions as `KIND reached=N | label count | ...`,
  /// `KIND n/a: reason`, or nothing (`no data`, `nothing (why)`).
  static func expected(in source: String) -> [Int: [String]] {
    comments(in: source, marker: "// expect: ")
      .mapValues { $0.filter { $0 != "no data" && !$0.hasPrefix("nothing") } }
      .filter { !$0.value.isEmpty }
  }

  /// Per line, the counts the code really had where the `expect` comment leaves the decision out
  /// for its context or a law (`// truth: ...`).
  static func truth(in source: String) -> [Int: [String]] {
    comments(in: source, marker: "// truth: ")
  }

  /// Per line, the entries after `marker`, up to the next comment.
  private static func comments(in source: String, marker: String) -> [Int: [String]] {
    var found: [Int: [String]] = [:]
    for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      guard let range = line.range(of: marker) else { continue }
      let text = line[range.upperBound...]
      let end = text.range(of: " // ")?.lowerBound ?? text.endIndex
      found[index + 1] = text[..<end].components(separatedBy: " ;; ")
    }
    return found
  }

  /// The derived branches in the comments' words.
  static func written(_ branches: DerivedBranches) -> [Int: [String]] {
    var written: [Int: [String]] = [:]
    for decision in branches.decisions {
      let outcomes = decision.outcomes.map { " | \($0.label) \($0.count)" }.joined()
      written[decision.location.line, default: []].append(
        "\(decision.kind.rawValue) reached=\(decision.reached)\(outcomes)")
    }
    for entry in branches.notDerivable {
      written[entry.location.line, default: []].append(
        "\(entry.kind.rawValue) n/a: \(entry.reason)")
    }
    return written.mapValues { $0.sorted() }
  }

  /// Each function record's name and its regions in the source named `name`.
  static func records(in export: CoverageData, source name: String) -> [BranchDeriver.Record] {
    export.functions.compactMap { record in
      let regions = record.regions.filter { record.filenames[$0.fileID].hasSuffix("/\(name)") }
      return regions.isEmpty ? nil : (record.name, regions)
    }
  }

  /// Every line where the derivation of an export's records differs from the fixture's
  /// comments, as `file:line: expected ... got ...`; empty when they agree.
  static func differences(export path: String, package: URL? = nil, of fixture: Fixture = branches)
    throws -> [String]
  {
    let data = try ExportReader.read(
      path: path, options: ExportReader.Options(functions: true, lineViews: false))
    var differences: [String] = []
    for name in fixture.sourceNames {
      let source = try String(
        contentsOf: sourceURL(name, in: package, of: fixture), encoding: .utf8)
      let records = records(in: data, source: name)
      if records.isEmpty { differences.append("\(name): the export has no regions of it") }
      let written = written(
        BranchDeriver.derive(source: Array(source.utf8), records: records))
      let expected = expected(in: source).mapValues { $0.sorted() }
      for line in Set(written.keys).union(expected.keys).sorted()
      where written[line] ?? [] != expected[line] ?? [] {
        differences.append(
          "\(name):\(line): expected \(expected[line] ?? []) got \(written[line] ?? [])")
      }
    }
    return differences
  }
}
