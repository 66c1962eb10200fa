import CoverageModel
import CovgateSupport
import Foundation

/// The last run's test map, kept in the workspace with a fingerprint of every file of the copy
/// it was taken on: after an edit, only the tests the edit can affect run again for the map
/// (regression test selection by coverage, as Ekstazi selects by the classes a test used).
///
/// A test that never entered the edited body cannot run the changed code, so its lines are what
/// they were (those after the edit moved by the lines it added); that holds only when each
/// change lies inside one counted body (`BodyEdit`) of a measured source, so anything else (a
/// test, the manifest, a declaration, a new or removed file, a static mutant, whose code has no
/// counter) takes the whole map again.
struct TestMapMemory {
  let path: String

  private struct File: Codable {
    var version = 1
    var files: [String: String]
    var map: TestMap
    /// While the map waits (`keepWaiting`): the texts the edited files had when it was taken.
    var waiting: [String: String]?
  }

  /// What the test map's run runs.
  enum Plan: Equatable {
    /// Nothing changed since the last map: it stands, no test runs.
    case unchanged
    /// Every test, for this reason.
    case everyTest(String)
    /// Every test but `unaffected`, whose lines in the last map stand; `edits` are the
    /// measured sources the edit changed, and where.
    case affected(edits: [String: BodyEdit], unaffected: Set<String>)
  }

  /// The map and fingerprints the last completed run kept, and the texts of the files edited
  /// since while the map waits; nil when there are none or they cannot be read.
  func recalled() -> (files: [String: String], map: TestMap, waiting: [String: String])? {
    guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)),
      let file = try? JSONDecoder().decode(File.self, from: data), file.version == 1
    else { return nil }
    return (file.files, file.map, file.waiting ?? [:])
  }

  /// Keeps the `recalled` map as it is while the copy moves on: `texts` are the edited files'
  /// texts the map was taken on (a text kept already stays), so the next run still finds the
  /// edit between the map's texts and its own. A file that cannot be written costs the next
  /// run the whole map.
  func keepWaiting(
    _ recalled: (files: [String: String], map: TestMap, waiting: [String: String]),
    texts: [String: String]
  ) {
    let file = File(
      files: recalled.files, map: recalled.map,
      waiting: recalled.waiting.merging(texts) { kept, _ in kept })
    guard let data = try? JSONEncoder().encode(file) else { return }
    try? AtomicFile.write(data, to: path)
  }

  /// Where the kept fingerprints hold the measured sources' list: a config that measures other
  /// files gives a map of other functions.
  static let measuredKey = "\u{0}measured sources"

  static func measuredFingerprint(_ measured: Set<String>) -> String {
    CovgateSupport.fingerprint(Data(measured.sorted().joined(separator: "\n").utf8))
  }

  /// Keeps `map` as taken on the copy whose files had `files`, with `measured` sources; one
  /// that cannot be written costs the next run the whole map, nothing more.
  func remember(_ map: TestMap, files: [String: String], measured: Set<String>) {
    var files = files
    files[Self.measuredKey] = Self.measuredFingerprint(measured)
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
    let measuredNow = Self.measuredFingerprint(measured)
    guard recalled.files[Self.measuredKey] == measuredNow else {
      return .everyTest("the measured sources are not those of the last map (the config changed)")
    }
    var now = files
    now[Self.measuredKey] = measuredNow
    let changed = CopyFingerprints.changed(from: recalled.files, to: now)
    guard !changed.isEmpty else { return .unchanged }
    var edits: [String: BodyEdit] = [:]
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
      guard let edit = BodyEdit.of(old: old, new: new) else {
        return .everyTest("\(file) changed outside one function's body")
      }
      edits[file] = edit
    }
    let map = recalled.map
    let entered = Set(
      map.functions.indices.filter { index in
        edits[map.functions[index].file].map {
          $0.body.overlaps(map.functions[index].firstLine...map.functions[index].lastLine)
        } ?? false
      })
    var unaffected = Set<String>()
    for (index, test) in map.tests.enumerated() {
      let ranBody =
        map.ran[index].contains { entered.contains($0) }
        || (map.linesRan.map { index < $0.count ? $0[index] : [:] } ?? [:]).contains {
          file, runs in
          edits[file].map { edit in runs.contains { Self.overlaps($0, edit.body) } } ?? false
        }
      if !ranBody { unaffected.insert(test.id) }
    }
    guard unaffected.count < map.tests.count else {
      return .everyTest("no test ran the edited code")
    }
    return .affected(edits: edits, unaffected: unaffected)
  }

  /// Whether a run of lines (`[first, last]`) overlaps `lines`.
  static func overlaps(_ run: [Int], _ lines: ClosedRange<Int>) -> Bool {
    run.count == 2 && run[0] <= run[1] && lines.overlaps(run[0]...run[1])
  }

  /// Runs of lines of the old text where they are in the new one, the edited body's left out.
  static func moved(_ runs: [[Int]], by edit: BodyEdit) -> [[Int]] {
    TestMap.runs(
      of: runs.filter { $0.count == 2 && $0[0] <= $0[1] }.flatMap { $0[0]...$0[1] }
        .compactMap(edit.moved))
  }

  /// The map of this run: `partial` (the tests that ran again) with the last map's tests in
  /// `unaffected`, whose functions and lines in the edited files moved with the edit (they
  /// never entered the edited bodies).
  static func combined(
    _ partial: TestMap, last: TestMap, edits: [String: BodyEdit], unaffected: Set<String>
  ) -> TestMap {
    var functions: [TestMap.Function] = []
    var newIndex: [Int: Int] = [:]
    for (index, function) in last.functions.enumerated() {
      var moved = function
      if let edit = edits[function.file] {
        guard let first = edit.moved(function.firstLine), let last = edit.moved(function.lastLine),
          !edit.body.overlaps(function.firstLine...function.lastLine)
        else { continue }
        moved.firstLine = first
        moved.lastLine = last
      }
      newIndex[index] = functions.count
      functions.append(moved)
    }
    func movedLines(_ files: [String: [[Int]]]) -> [String: [[Int]]] {
      var result = files
      for (file, edit) in edits where files[file] != nil {
        result[file] = moved(files[file] ?? [], by: edit)
      }
      return result
    }
    let tests = last.tests.indices.filter { unaffected.contains(last.tests[$0].id) }
    var neverRun = last.linesNeverRun.map(movedLines)
    // The earlier tests never entered the edited bodies: none of their lines ran there.
    if var lines = neverRun {
      for (file, edit) in edits {
        lines[file] = TestMap.runs(
          of: (lines[file] ?? []).flatMap { $0[0]...$0[1] } + Array(edit.newBody))
      }
      neverRun = lines
    }
    let earlier = TestMap(
      commit: partial.commit, binaries: partial.binaries, tests: tests.map { last.tests[$0] },
      functions: functions, ran: tests.map { last.ran[$0].compactMap { newIndex[$0] } },
      linesNeverRun: neverRun,
      linesRan: last.linesRan.map { lines in
        tests.map { $0 < lines.count ? movedLines(lines[$0]) : [:] }
      })
    return TestMap.merged([partial, earlier]) ?? partial
  }
}
