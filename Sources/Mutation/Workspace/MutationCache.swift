import CoverageModel
import CovgateSupport
import Foundation

/// The outcomes of earlier runs, kept in the workspace: a mutant whose file, tests that ran it
/// and test code are unchanged keeps its outcome without running (PIT's incremental analysis).
/// The shortcut it takes: code in another source file that the mutant's line calls can change
/// and change the outcome; `--no-cache` runs every mutant again.
struct MutationCache {
  let path: String
  private(set) var entries: [String: Entry]

  struct Entry: Codable, Equatable {
    var outcome: MutationOutcome
    var killedBy: String?
    var tests: [String]
  }

  private struct File: Codable {
    var version = 1
    var entries: [String: Entry]
  }

  /// The cache at `path`; an unreadable or older file is an empty cache.
  init(path: String) {
    self.path = path
    let file = (try? Data(contentsOf: URL(fileURLWithPath: path))).flatMap {
      try? JSONDecoder().decode(File.self, from: $0)
    }
    entries = file?.version == 1 ? file?.entries ?? [:] : [:]
  }

  /// What a mutant's outcome depends on, as one key: the mutant, its file's text, the text of
  /// every file of the package that is not a measured source (tests, fixtures, the manifest),
  /// and the tests that ran its line.
  static func key(
    _ mutant: Mutant, fileText: String, testCode: String, tests: [String]
  ) -> String {
    let parts = [
      mutant.file, "\(mutant.line):\(mutant.column)", mutant.kind.rawValue, mutant.mutated,
      fingerprint(Data(fileText.utf8)), testCode, tests.joined(separator: "\n"),
    ]
    return fingerprint(Data(parts.joined(separator: "\u{0}").utf8))
  }

  /// Outcomes worth keeping: a timeout depends on the machine's load, so it runs again.
  static func keeps(_ outcome: MutationOutcome) -> Bool {
    [.killed, .crashed, .survived].contains(outcome)
  }

  mutating func record(_ key: String, _ result: MutantResult) {
    guard Self.keeps(result.outcome) else { return }
    entries[key] = Entry(outcome: result.outcome, killedBy: result.killedBy, tests: result.tests)
  }

  func save() throws {
    let data = try JSONEncoder().encode(File(entries: entries))
    try AtomicFile.write(data, to: path)
  }

  /// One fingerprint of the text of every file under `root` that is not in `measured`
  /// (package-relative), build output left out: the code tests are made of. `files` are the
  /// fingerprints of the files under `root`, when they were taken already.
  static func testCode(
    root: String, measured: Set<String>, files: [String: String]? = nil
  ) -> String {
    let parts = (files ?? CopyFingerprints.of(root: root)).filter { !measured.contains($0.key) }
      .map { "\($0.key)\u{0}\($0.value)" }
    return fingerprint(Data(parts.sorted().joined(separator: "\n").utf8))
  }
}
