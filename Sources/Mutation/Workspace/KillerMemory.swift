import CovgateSupport
import Foundation

/// The test that killed each mutant in earlier runs, kept in the workspace, so that a mutant's
/// tests run its last killer first (PIT and Stryker order tests by earlier kills too): after
/// an edit the mutant's outcome is not kept, but the test that failed on it most likely fails
/// again, and the tests before it in time order need not run.
///
/// Only the order changes: a mutant still runs the tests that ran its line and no other, and
/// survives only when every one passes.
struct KillerMemory {
  let path: String
  private(set) var killers: [String: Killer]
  /// How many mutants of each file each test killed, for the order of every mutant's tests.
  private var killsByFile: [String: [String: Int]] = [:]

  struct Killer: Codable, Equatable {
    var file: String
    var test: String
  }

  private struct File: Codable {
    var version = 1
    var killers: [String: Killer]
  }

  /// The memory at `path` (empty when `reading` is false, as with `--no-cache`); an unreadable
  /// or older file is an empty memory.
  init(path: String, reading: Bool = true) {
    self.path = path
    let file = (reading ? try? Data(contentsOf: URL(fileURLWithPath: path)) : nil).flatMap {
      try? JSONDecoder().decode(File.self, from: $0)
    }
    killers = file?.version == 1 ? file?.killers ?? [:] : [:]
    killsByFile = Self.kills(of: killers)
  }

  private static func kills(of killers: [String: Killer]) -> [String: [String: Int]] {
    var kills: [String: [String: Int]] = [:]
    for killer in killers.values { kills[killer.file, default: [:]][killer.test, default: 0] += 1 }
    return kills
  }

  /// A mutant as an edit elsewhere leaves it: its file, operator, code, column and the text of
  /// its line, not the line's number (lines above it may have been added).
  static func identity(_ mutant: Mutant, lineText: String) -> String {
    let parts = [
      mutant.file, mutant.kind.rawValue, mutant.original, mutant.mutated, "\(mutant.column)",
      lineText.trimmingCharacters(in: .whitespaces),
    ]
    return fingerprint(Data(parts.joined(separator: "\u{0}").utf8))
  }

  /// The identity of each of `mutants` by id, their lines read from `originals` (the files'
  /// texts by package-relative path).
  static func identities(of mutants: [Mutant], originals: [String: String]) -> [Int: String] {
    var lines: [String: [Substring]] = [:]
    var identities: [Int: String] = [:]
    for mutant in mutants {
      if lines[mutant.file] == nil {
        lines[mutant.file] = (originals[mutant.file] ?? "").split(
          separator: "\n", omittingEmptySubsequences: false)
      }
      let text = lines[mutant.file] ?? []
      identities[mutant.id] = identity(
        mutant,
        lineText: 0 < mutant.line && mutant.line <= text.count
          ? String(text[mutant.line - 1]) : "")
    }
    return identities
  }

  /// `tests` in the order to run them: the mutant's own last killer first, then the tests that
  /// killed other mutants of its file (those that killed most first), then the rest as given.
  func ordered<Test>(
    _ tests: [Test], id: (Test) -> String, identity: String, file: String
  ) -> [Test] {
    guard !killers.isEmpty else { return tests }
    let kills = killsByFile[file] ?? [:]
    let own = killers[identity]?.test
    func rank(_ test: Test) -> (Int, Int) {
      let name = id(test)
      return (name == own ? 0 : 1, -(kills[name] ?? 0))
    }
    return tests.enumerated().sorted { left, right in
      let (a, b) = (rank(left.element), rank(right.element))
      return a != b ? a < b : left.offset < right.offset
    }.map(\.element)
  }

  /// Keeps `test` as the killer of the mutant with `identity` in `file`; nil forgets one (the
  /// mutant survived, so its last killer no longer fails on it).
  mutating func record(_ identity: String, file: String, killer test: String?) {
    if let old = killers[identity] { killsByFile[old.file]?[old.test, default: 1] -= 1 }
    killers[identity] = test.map { Killer(file: file, test: $0) }
    if let test { killsByFile[file, default: [:]][test, default: 0] += 1 }
  }

  /// Written atomically; a memory that cannot be written only costs the next run its order.
  func save() {
    guard let data = try? JSONEncoder().encode(File(killers: killers)) else { return }
    try? AtomicFile.write(data, to: path)
  }
}
