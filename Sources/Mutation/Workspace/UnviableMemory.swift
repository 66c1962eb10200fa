import CovgateSupport
import Foundation

/// The mutants the last build found unviable, kept in the workspace with the mutated texts they
/// were found in: a run whose mutated files and mutants are the same starts its build without
/// them, instead of compiling the failing schemata again to find them (a build round each).
///
/// The shortcut it takes: a change outside the mutated files (a declaration in another file)
/// could make such a mutant compile; it stays unviable until a mutated file or the mutants
/// change. A mutant that stopped compiling is still found by the build.
struct UnviableMemory {
  let path: String

  private struct File: Codable {
    var version = 1
    /// A fingerprint of every mutated file's text with all its mutants.
    var key: String
    /// The unviable mutants, each as `site(_:)` names it.
    var sites: [String]
  }

  /// The key of one run's mutants: every mutated file with all its mutants switched in.
  static func key(_ mutants: MutatedBuild.FileMutants, originals: [String: String]) -> String {
    let texts = originals.keys.sorted().map { file in
      "\(file)\u{0}\(MutantSchema.apply(mutants[file] ?? [], to: originals[file] ?? "", file: file))"
    }
    return fingerprint(Data(texts.joined(separator: "\u{0}").utf8))
  }

  /// A mutant as the memory names it: its file, place and mutation (ids change between runs).
  static func site(_ file: String, _ site: MutationSite) -> String {
    "\(file)\u{0}\(site.line):\(site.column)\u{0}\(site.kind.rawValue)\u{0}\(site.mutated)"
  }

  /// The ids of `mutants` found unviable by the last build of the same `key`; none otherwise.
  func recalled(key: String, in mutants: MutatedBuild.FileMutants) -> Set<Int> {
    guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)),
      let file = try? JSONDecoder().decode(File.self, from: data), file.version == 1,
      file.key == key
    else { return [] }
    let sites = Set(file.sites)
    return Set(
      mutants.flatMap { file, inFile in
        inFile.filter { sites.contains(Self.site(file, $0.site)) }.map(\.id)
      })
  }

  /// Keeps `unviable` (ids of `mutants`) for the next build of `key`; a memory that cannot be
  /// written costs the next run a build round, nothing more.
  func remember(key: String, unviable: Set<Int>, in mutants: MutatedBuild.FileMutants) {
    let sites = mutants.flatMap { file, inFile in
      inFile.filter { unviable.contains($0.id) }.map { Self.site(file, $0.site) }
    }
    guard let data = try? JSONEncoder().encode(File(key: key, sites: sites.sorted())) else {
      return
    }
    try? AtomicFile.write(data, to: path)
  }
}
