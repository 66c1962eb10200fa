import CoverageAcquisition
import Foundation

/// Writes the mutants into the package copy (mutant schemata) and builds it. A mutant the
/// compiler refuses is taken out and the build tried again: each error names a file and line,
/// and the mutants on that line (or, where no mutant is on it, in the declaration around it)
/// are unviable. What still fails after a few rounds loses every mutant of its file.
struct MutatedBuild {
  let copy: String
  let build: () throws -> CommandResult
  static let rounds = 6

  /// A file's mutants: the site and id of each.
  typealias FileMutants = [String: [(site: MutationSite, id: Int)]]

  /// Builds with `mutants` in, those in `known` (found unviable by an earlier build of the
  /// same mutants) left out from the start; returns the ids found unviable, `known` included.
  /// Throws when even the files without mutants fail to build.
  func run(_ mutants: FileMutants, originals: [String: String], known: Set<Int> = []) throws
    -> Set<Int>
  {
    var active = mutants.mapValues { $0.filter { !known.contains($0.id) } }
    var unviable = known
    for round in 0...Self.rounds {
      try write(active, originals: originals)
      let result = try build()
      if result.exitCode == 0 { return unviable }
      let errors = Self.errors(in: result.stdout + "\n" + result.stderr, copy: copy)
      var dropped = Set<Int>()
      for (file, lines) in errors {
        guard let inFile = active[file] else { continue }
        let onLines = inFile.filter { lines.contains($0.site.line) }
        let victims =
          round == Self.rounds
          ? inFile : onLines.isEmpty ? Self.around(lines, inFile, originals[file] ?? "") : onLines
        dropped.formUnion(victims.map(\.id))
      }
      if dropped.isEmpty {
        // The errors are not in mutated code: the copy does not build at all.
        throw MutationError.buildFailed(Self.firstError(in: result.stdout + result.stderr))
      }
      unviable.formUnion(dropped)
      for file in active.keys { active[file]?.removeAll { dropped.contains($0.id) } }
    }
    // The last round took out every mutant of each file with errors.
    try write(active, originals: originals)
    let result = try build()
    guard result.exitCode == 0 else {
      throw MutationError.buildFailed(Self.firstError(in: result.stdout + result.stderr))
    }
    return unviable
  }

  private func write(_ mutants: FileMutants, originals: [String: String]) throws {
    for (file, original) in originals {
      let text = MutantSchema.apply(mutants[file] ?? [], to: original, file: file)
      let path = "\(copy)/\(file)"
      if (try? String(contentsOfFile: path, encoding: .utf8)) != text {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
      }
    }
  }

  /// The mutants of the declaration holding the error lines: an error reported away from the
  /// mutant (a missing return at the closing brace, a type mismatch further on) is caused by
  /// one of the mutants of the same function; without declarations, the nearest mutants before.
  static func around(
    _ lines: Set<Int>, _ mutants: [(site: MutationSite, id: Int)], _ source: String
  ) -> [(site: MutationSite, id: Int)] {
    let spans = DeclarationSpans.of(source)
    let holding = spans.filter { span in lines.contains { span.contains($0) } }
    if let innermost = holding.min(by: { $0.count < $1.count }) {
      let inside = mutants.filter { innermost.contains($0.site.line) }
      if !inside.isEmpty { return inside }
    }
    guard let last = lines.max() else { return mutants }
    let before = mutants.filter { $0.site.line <= last }.map(\.site.line).max()
    return mutants.filter { $0.site.line == before }
  }

  /// The lines each file of the copy has errors on (package-relative paths).
  static func errors(in output: String, copy: String) -> [String: Set<Int>] {
    var found: [String: Set<Int>] = [:]
    for line in output.split(separator: "\n") where line.contains(": error: ") {
      let parts = line.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
      guard parts.count >= 3, let number = Int(parts[1]) else { continue }
      let path = String(parts[0])
      guard path.hasPrefix(copy + "/") else { continue }
      found[String(path.dropFirst(copy.count + 1)), default: []].insert(number)
    }
    return found
  }

  static func firstError(in output: String) -> String {
    output.split(separator: "\n").first { $0.contains("error:") }.map(String.init)
      ?? "the build failed without an error message"
  }
}
