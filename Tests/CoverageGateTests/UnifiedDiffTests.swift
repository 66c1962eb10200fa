import Foundation
import XCTest

@testable import CoverageGate

final class UnifiedDiffTests: XCTestCase {
  /// Makes a real repository, changes it in every way a diff can show, and parses real git output.
  func testParsesRealGitDiffOutput() throws {
    let repo = NSTemporaryDirectory() + "covgate-diff-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: repo, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: repo) }
    func write(_ name: String, _ text: String) throws {
      try text.write(toFile: "\(repo)/\(name)", atomically: true, encoding: .utf8)
    }
    try git(repo, ["init", "-q"])
    try write("keep.swift", "a\nb\nc\nd\n")
    try write("gone.swift", "x\ny\n")
    try write("old.swift", "one\ntwo\nthree\nfour\nfive\nsix\n")
    try Data([0, 1]).write(to: URL(fileURLWithPath: "\(repo)/bin.dat"))
    try git(repo, ["add", "."])
    try git(repo, ["-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "init"])
    try write("keep.swift", "a\nB\nc\nnew1\nnew2\nd\n")
    try git(repo, ["rm", "-q", "gone.swift"])
    try git(repo, ["mv", "old.swift", "new name.swift"])
    try write("new name.swift", "one\ntwo\nthree\nfour\nfive\nsix\nseven\n")
    try Data([0, 2]).write(to: URL(fileURLWithPath: "\(repo)/bin.dat"))
    try write("tab\\tname.swift", "fresh\n")
    try git(repo, ["add", "-A"])
    let diff = try git(
      repo,
      [
        "diff", "-U0", "-M", "--no-color", "--no-ext-diff", "--relative", "--src-prefix=a/",
        "--dst-prefix=b/", "HEAD",
      ])

    let files = Dictionary(uniqueKeysWithValues: try UnifiedDiff.parse(diff).map { ($0.path, $0) })
    XCTAssertEqual(files["keep.swift"]?.addedLines, [2, 4, 5])
    XCTAssertEqual(files["gone.swift"]?.isDeleted, true)
    XCTAssertEqual(files["new name.swift"]?.renamedFrom, "old.swift")
    XCTAssertEqual(files["new name.swift"]?.addedLines, [7])
    XCTAssertEqual(files["bin.dat"]?.isBinary, true)
    XCTAssertEqual(files["tab\\tname.swift"]?.addedLines, [1])
    XCTAssertEqual(files.count, 5)
  }

  func testAHunkWithoutCountIsOneLineAndZeroCountIsADeletion() throws {
    let diff =
      "diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -3 +3 @@\n-a\n+b\n@@ -7,2 +6,0 @@\n-c\n-d\n"
    XCTAssertEqual(try UnifiedDiff.parse(diff).first?.addedLines, [3])
  }

  func testAnUnreadableHunkHeaderIsAnErrorWithItsLine() {
    let diff = "diff --git a/x b/x\n+++ b/x\n@@ nonsense @@\n"
    XCTAssertThrowsError(try UnifiedDiff.parse(diff)) { error in
      XCTAssertEqual((error as? DiffError)?.line, 3)
    }
  }

  @discardableResult
  private func git(_ repo: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-C", repo] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, arguments.joined(separator: " "))
    return String(decoding: data, as: UTF8.self)
  }
}
