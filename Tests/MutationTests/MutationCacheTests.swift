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
    try cache.save()
    let loaded = MutationCache(path: path)
    XCTAssertEqual(
      loaded.entries, ["killed": .init(outcome: .killed, killedBy: "T/a", tests: ["T/a"])])
    try Data("{\"version\": 2}".utf8).write(to: URL(fileURLWithPath: path))
    XCTAssertTrue(MutationCache(path: path).entries.isEmpty)
  }
}
