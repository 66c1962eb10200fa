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

  /// What a mutant's outcome depends on, as one key: the mutant (on `line` of `fileText`), its
  /// file's text (`relevantText`), the text of every file of the package that is not a
  /// measured source (tests, fixtures, the manifest), and the tests that ran its line.
  static func key(
    _ mutant: Mutant, fileText: String, line: Int? = nil, testCode: String, tests: [String]
  ) -> String {
    let parts = [
      mutant.file, "\(line ?? mutant.line):\(mutant.column)", mutant.kind.rawValue, mutant.mutated,
      fingerprint(Data(fileText.utf8)), testCode, tests.joined(separator: "\n"),
    ]
    return fingerprint(Data(parts.joined(separator: "\u{0}").utf8))
  }

  /// The part of a file's text a mutant's outcome depends on: the file without the lines of
  /// the functions (`functions`, line spans from the test map) that none of its tests entered
  /// (`entered`), so an edit of a function its tests never ran keeps its outcome; and the
  /// mutant's `line` in that text. What the mutated code would reach that the original does not
  /// is not seen (the shortcut that code in other files takes).
  static func relevantText(
    _ text: String, line: Int, functions: [ClosedRange<Int>], entered: [ClosedRange<Int>]
  ) -> (text: String, line: Int) {
    let dropped = functions.filter { span in
      !span.contains(line) && !entered.contains { $0.overlaps(span) }
    }
    guard !dropped.isEmpty else { return (text, line) }
    var kept: [Substring] = []
    var mutantLine = line
    for (index, content) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let number = index + 1
      if dropped.contains(where: { $0.contains(number) }) {
        if number < line { mutantLine -= 1 }
        continue
      }
      kept.append(content)
    }
    return (kept.joined(separator: "\n"), mutantLine)
  }

  /// How many times its own time a test must have run past for its timeout to be kept: a
  /// test stopped at 5 s that took 0.05 s in the test map did not end (a loop the mutant made
  /// endless), whatever the machine's load; one stopped near its usual time may only have
  /// been slow, so it runs again.
  static let endlessFactor = 20.0

  /// Outcomes worth keeping: a kill, a crash, a survivor, and a timeout only when the test ran
  /// `endlessFactor` times its own time (`endless`).
  static func keeps(_ outcome: MutationOutcome, endless: Bool = false) -> Bool {
    [.killed, .crashed, .survived].contains(outcome) || (outcome == .timedOut && endless)
  }

  /// Keeps `result` under `key`; `endless`: its timeout came at `endlessFactor` times the
  /// test's own time or more.
  mutating func record(_ key: String, _ result: MutantResult, endless: Bool = false) {
    guard Self.keeps(result.outcome, endless: endless) else { return }
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
