import CoverageModel
import CovgateSupport
import Foundation

/// The last run's test map, kept in the workspace with a fingerprint of every file of the copy
/// it was taken on: after an edit, only the tests the edit can affect run again for the map
/// (regression test selection by coverage, as Ekstazi selects by the classes a test used).
///
/// A test that ran no counted code of the changed files cannot run the changed code, so its
/// lines are what they were; that holds only when each change lies inside one counted body
/// (`BodyEdit`) of a measured source, so anything else (a test, the manifest, a declaration, a
/// new or removed file, a static mutant, whose code has no counter) takes the whole map again.
struct TestMapMemory {
  let path: String

  private struct File: Codable {
    var version = 1
    var files: [String: String]
    var map: TestMap
  }

  /// What the test map's run runs.
  enum Plan: Equatable {
    /// Nothing changed since the last map: it stands, no test runs.
    case unchanged
    /// Every test, for this reason.
    case everyTest(String)
    /// Every test but `unaffected`, whose lines in the last map stand; `changed` are the
    /// measured sources the edit changed.
    case affected(changed: Set<String>, unaffected: Set<String>)
  }

  /// The map and fingerprints the last completed run kept; nil when there are none or they
  /// cannot be read.
  func recalled() -> (files: [String: String], map: TestMap)? {
    guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)),
      let file = try? JSONDecoder().decode(File.self, from: data), file.version == 1
    else { return nil }
    return (file.files, file.map)
  }

  /// Keeps `map` as taken on the copy whose files had `files`; one that cannot be written
  /// costs the next run the whole map, nothing more.
  func remember(_ map: TestMap, files: [String: String]) {
    guard let data = try? JSONEncoder().encode(File(files: files, map: map)) else { return }
    try? AtomicFile.write(data, to: path)
  }

  /// Which tests must run for the map of the copy whose files are `files` now.
  ///
  /// - Parameters:
  ///   - measured: the package's measured sources (package-relative).
  ///   - earlierText: a file's text as the copy held it before this run changed it.
  ///   - currentText: a file's text in the copy now.
  static func plan(
    files: [String: String], recalled: (files: [String: String], map: TestMap)?,
    measured: Set<String>, hasStaticMutants: Bool, earlierText: (String) -> String?,
    currentText: (String) -> String?
  ) -> Plan {
    guard let recalled else { return .everyTest("no earlier test map in the workspace") }
    guard !hasStaticMutants else {
      return .everyTest("a static mutant runs every test, so every test's status is needed")
    }
    let changed = CopyFingerprints.changed(from: recalled.files, to: files)
    guard !changed.isEmpty else { return .unchanged }
    for file in changed.sorted() {
      guard measured.contains(file), file.hasSuffix(".swift"), recalled.files[file] != nil,
        files[file] != nil
      else {
        return .everyTest(
          "\(file) changed and is not a measured source (a test, the manifest, a new or removed file)"
        )
      }
      guard let old = earlierText(file), fingerprint(Data(old.utf8)) == recalled.files[file],
        let new = currentText(file)
      else { return .everyTest("the text \(file) had when the last map was taken is not known") }
      guard BodyEdit.isInsideOneBody(old: old, new: new) else {
        return .everyTest("\(file) changed outside one function's body")
      }
    }
    let map = recalled.map
    var unaffected = Set<String>()
    for (index, test) in map.tests.enumerated() {
      let ranFiles = Set(
        map.ran[index].compactMap { $0 < map.functions.count ? map.functions[$0].file : nil }
      )
      .union(map.linesRan.map { index < $0.count ? Array($0[index].keys) : [] } ?? [])
      if ranFiles.isDisjoint(with: changed) { unaffected.insert(test.id) }
    }
    guard unaffected.count < map.tests.count else {
      return .everyTest("no test ran the changed files")
    }
    return .affected(changed: changed, unaffected: unaffected)
  }

  /// The map of this run: `partial` (the tests that ran again) with the last map's tests in
  /// `unaffected`, whose functions and lines in the `changed` files are none (they ran none).
  static func combined(
    _ partial: TestMap, last: TestMap, changed: Set<String>, unaffected: Set<String>
  ) -> TestMap {
    let kept = last.functions.indices.filter { !changed.contains(last.functions[$0].file) }
    let newIndex = Dictionary(uniqueKeysWithValues: kept.enumerated().map { ($1, $0) })
    let tests = last.tests.indices.filter { unaffected.contains(last.tests[$0].id) }
    var earlier = TestMap(
      commit: partial.commit, binaries: partial.binaries, tests: tests.map { last.tests[$0] },
      functions: kept.map { last.functions[$0] },
      ran: tests.map { last.ran[$0].compactMap { newIndex[$0] } },
      linesNeverRun: last.linesNeverRun,
      linesRan: last.linesRan.map { lines in tests.map { $0 < lines.count ? lines[$0] : [:] } })
    // The changed files' lines that never ran are the new run's: the earlier tests ran none.
    for file in changed { earlier.linesNeverRun?[file] = partial.linesNeverRun?[file] }
    return TestMap.merged([partial, earlier]) ?? partial
  }
}
