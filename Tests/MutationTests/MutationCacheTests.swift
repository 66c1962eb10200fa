import CoverageModel
import Foundation
import XCTest

@testable import Mutation

/// The kept outcomes of `covgate mutate`: a key changes with anything the outcome depends on,
/// a timeout is never kept, and the file survives a save and a load.
final class MutationCacheTests: XCTestCase {
  private let mutant = Mutant(
    id: 3, file: "Sources/A/Tax.swift", line: 12, column: 9, kind: .relationalBoundary,
    original: "a < b", mutated: "a <= b")

  /// The functions none of the mutant's tests entered are left out of the text its outcome
  /// depends on; the lines they held before the mutant move it up.
  func testTheRelevantTextLeavesOutTheFunctionsItsTestsNeverEntered() {
    let text = "func a() {\n  1\n}\nfunc b() {\n  2\n}\nfunc c() {\n  3\n}"
    let functions = [1...3, 4...6, 7...9]
    let relevant = MutationCache.relevantText(
      text, line: 8, functions: functions, entered: [7...9])
    XCTAssertEqual(relevant.text, "func c() {\n  3\n}")
    XCTAssertEqual(relevant.line, 2)
    // What the tests entered stays, and so does everything outside functions.
    XCTAssertEqual(
      MutationCache.relevantText(text, line: 8, functions: functions, entered: [1...3, 7...9])
        .text, "func a() {\n  1\n}\nfunc c() {\n  3\n}")
    XCTAssertEqual(
      MutationCache.relevantText(
        "let k = 1\n" + text, line: 9, functions: [2...4, 5...7, 8...10], entered: [8...10]
      ).text,
      "let k = 1\nfunc c() {\n  3\n}")
  }

  func testTheKeyChangesWithTheFileTheTestCodeAndTheTests() {
    let key = MutationCache.key(mutant, fileText: "x", testCode: "t", tests: ["T/a"])
    XCTAssertEqual(key, MutationCache.key(mutant, fileText: "x", testCode: "t", tests: ["T/a"]))
    var moved = mutant
    moved.id = 9
    // The id is the run's numbering, not what the outcome depends on.
    XCTAssertEqual(key, MutationCache.key(moved, fileText: "x", testCode: "t", tests: ["T/a"]))
    var other = mutant
    other.mutated = "a >= b"
    for changed in [
      MutationCache.key(mutant, fileText: "y", testCode: "t", tests: ["T/a"]),
      MutationCache.key(mutant, fileText: "x", testCode: "u", tests: ["T/a"]),
      MutationCache.key(mutant, fileText: "x", testCode: "t", tests: ["T/a", "T/b"]),
      MutationCache.key(other, fileText: "x", testCode: "t", tests: ["T/a"]),
    ] {
      XCTAssertNotEqual(changed, key)
    }
  }

  func testOutcomesAreKeptAcrossRunsButNotTimeouts() throws {
    let path = NSTemporaryDirectory() + "covgate-mutation-cache-\(UUID().uuidString).json"
    defer { try? FileManager.default.removeItem(atPath: path) }
    var cache = MutationCache(path: path)
    XCTAssertTrue(cache.entries.isEmpty)
    cache.record(
      "killed",
      MutantResult(
        mutant: mutant, target: "A", layer: "logic", outcome: .killed, killedBy: "T/a",
        tests: ["T/a"]))
    cache.record(
      "slow", MutantResult(mutant: mutant, target: "A", layer: "logic", outcome: .timedOut))
    // A timeout at many times the test's own time: the mutant's loop never ended.
    cache.record(
      "endless",
      MutantResult(
        mutant: mutant, target: "A", layer: "logic", outcome: .timedOut, killedBy: "T/a",
        tests: ["T/a"]), endless: true)
    try cache.save()
    let loaded = MutationCache(path: path)
    XCTAssertEqual(
      loaded.entries,
      [
        "killed": .init(outcome: .killed, killedBy: "T/a", tests: ["T/a"]),
        "endless": .init(outcome: .timedOut, killedBy: "T/a", tests: ["T/a"]),
      ])
    XCTAssertTrue(MutationRun.isEndless(limit: 5, seconds: 0.05))
    XCTAssertFalse(MutationRun.isEndless(limit: 5, seconds: 1))
    XCTAssertFalse(MutationRun.isEndless(limit: nil, seconds: 0.05))
    try Data("{\"version\": 2}".utf8).write(to: URL(fileURLWithPath: path))
    XCTAssertTrue(MutationCache(path: path).entries.isEmpty)
  }
}
