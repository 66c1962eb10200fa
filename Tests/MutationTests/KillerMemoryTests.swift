import Foundation
import XCTest

@testable import Mutation

/// The killers kept between runs: the order they give a mutant's tests, and the file.
final class KillerMemoryTests: XCTestCase {
  private let mutant = Mutant(
    id: 3, file: "Sources/Lib/Price.swift", line: 7, column: 14, kind: .arithmetic,
    original: "+", mutated: "-")

  private func temporaryPath() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    return folder.appendingPathComponent("killers.json").path
  }

  func testTheIdentityOmitsTheLineNumberAndIndentationButNotTheCode() {
    var moved = mutant
    moved.line = 9
    moved.id = 8
    let identity = KillerMemory.identity(mutant, lineText: "  return a + b")
    XCTAssertEqual(identity, KillerMemory.identity(moved, lineText: "return a + b  "))
    XCTAssertNotEqual(identity, KillerMemory.identity(mutant, lineText: "return a + c"))
    var otherColumn = mutant
    otherColumn.column = 15
    XCTAssertNotEqual(identity, KillerMemory.identity(otherColumn, lineText: "return a + b"))
  }

  func testTheOwnKillerRunsFirstThenTheFilesKillersByCountThenTheGivenOrder() throws {
    var memory = KillerMemory(path: try temporaryPath())
    let tests = ["T/a", "T/b", "T/c", "T/d", "T/e"]
    XCTAssertEqual(memory.ordered(tests, id: { $0 }, identity: "m", file: mutant.file), tests)
    memory.record("m", file: mutant.file, killer: "T/d")
    memory.record("x", file: mutant.file, killer: "T/c")
    memory.record("y", file: mutant.file, killer: "T/e")
    memory.record("z", file: mutant.file, killer: "T/e")
    // Another file's killer has no say here.
    memory.record("w", file: "Sources/Lib/Other.swift", killer: "T/b")
    XCTAssertEqual(
      memory.ordered(tests, id: { $0 }, identity: "m", file: mutant.file),
      ["T/d", "T/e", "T/c", "T/a", "T/b"])
    // Only tests given are ordered: a killer that did not run the line is not added.
    XCTAssertEqual(
      memory.ordered(["T/a", "T/b"], id: { $0 }, identity: "m", file: mutant.file), ["T/a", "T/b"])
    // A survivor forgets its killer, which then killed nothing of the file.
    memory.record("m", file: mutant.file, killer: nil)
    XCTAssertEqual(
      memory.ordered(tests, id: { $0 }, identity: "m", file: mutant.file),
      ["T/e", "T/c", "T/a", "T/b", "T/d"])
  }

  func testTheMemoryIsKeptReadOnlyWhenAskedAndAnUnreadableFileIsEmpty() throws {
    let path = try temporaryPath()
    var memory = KillerMemory(path: path)
    memory.record("m", file: mutant.file, killer: "T/d")
    memory.save()
    XCTAssertEqual(KillerMemory(path: path).killers, memory.killers)
    XCTAssertTrue(KillerMemory(path: path, reading: false).killers.isEmpty)
    try Data("{\"version\": 1, \"killers\": ".utf8).write(to: URL(fileURLWithPath: path))
    XCTAssertTrue(KillerMemory(path: path).killers.isEmpty)
  }
}
