import CovgateSupport
import Foundation

/// The mutants the last build found unviable, kept in the workspace with the declaration each
/// was found in: a mutant whose declaration (its text and its mutants) is unchanged starts the
/// build left out, instead of the failing schemata being compiled again to find it (a build
/// round each). An edit of one function leaves the rest of the file's unviable mutants known.
///
/// The shortcut it takes: a change outside the declaration (a type in another file) could make
/// such a mutant compile; it stays unviable until its declaration changes. A mutant that
/// stopped compiling is still found by the build.
struct UnviableMemory {
  let path: String

  private struct File: Codable {
    var version = 2
    /// Per declaration key, the unviable mutants in it, each as `Place.site` names it.
    var declarations: [String: [String]]
  }

  /// Where a mutant is, as the memory names it.
  struct Place {
    /// Its file, the text of the outermost function, initializer, accessor, closure or
    /// binding holding its line (the whole file when none does), and every mutant in it.
    var declaration: String
    /// The mutant, its line counted from the declaration's first (lines added above the
    /// declaration do not change it).
    var site: String
  }

  /// Each mutant's place, by id.
  static func places(_ mutants: MutatedBuild.FileMutants, originals: [String: String]) -> [Int:
    Place]
  {
    var places: [Int: Place] = [:]
    for (file, inFile) in mutants {
      let text = originals[file] ?? ""
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      let spans = DeclarationSpans.of(text)
      // Each mutant's declaration: the outermost span holding its line, or the whole file.
      let byDeclaration = Dictionary(grouping: inFile) { mutant in
        spans.filter { $0.contains(mutant.site.line) }.max { $0.count < $1.count }
          ?? 1...max(1, lines.count)
      }
      for (holding, inside) in byDeclaration {
        let body = lines[
          max(0, holding.lowerBound - 1)..<min(lines.count, holding.upperBound)
        ].joined(separator: "\n")
        let sites = inside.map { site($0.site, from: holding.lowerBound) }
        let declaration = fingerprint(
          Data(([file, body] + sites.sorted()).joined(separator: "\u{0}").utf8))
        for (mutant, site) in zip(inside, sites) {
          places[mutant.id] = Place(declaration: declaration, site: site)
        }
      }
    }
    return places
  }

  /// A mutant as the memory names it in its declaration (ids change between runs).
  static func site(_ site: MutationSite, from firstLine: Int) -> String {
    "\(site.line - firstLine):\(site.column)\u{0}\(site.kind.rawValue)\u{0}\(site.mutated)"
  }

  /// The ids of the mutants (at `places`) the last build found unviable in a declaration of
  /// the same key.
  func recalled(_ places: [Int: Place]) -> Set<Int> {
    guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)),
      let file = try? JSONDecoder().decode(File.self, from: data), file.version == 2
    else { return [] }
    return Set(
      places.filter { file.declarations[$0.value.declaration]?.contains($0.value.site) == true }
        .keys)
  }

  /// Keeps this build's `unviable` mutants for the next; a memory that cannot be written costs
  /// the next run a build round, nothing more.
  func remember(_ unviable: Set<Int>, places: [Int: Place]) {
    var declarations: [String: [String]] = [:]
    for id in unviable.sorted() {
      guard let place = places[id] else { continue }
      declarations[place.declaration, default: []].append(place.site)
    }
    guard let data = try? JSONEncoder().encode(File(declarations: declarations)) else { return }
    try? AtomicFile.write(data, to: path)
  }
}
