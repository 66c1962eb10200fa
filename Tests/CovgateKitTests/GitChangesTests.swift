import CoverageAcquisition
import Foundation
import XCTest

@testable import CovgateKit

/// The change set of a real repository: new files are part of it, build output never is, even
/// without a `.gitignore` to leave it out.
final class GitChangesTests: XCTestCase {
  private var repository = ""

  override func setUpWithError() throws {
    repository = NSTemporaryDirectory() + "covgate-changes-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: repository, withIntermediateDirectories: true)
    try git("init", "-q", "-b", "trunk")
    try write("Sources/Core/Old.swift", "let old = 1\n")
    try git("add", ".")
    try git("-c", "user.name=t", "-c", "user.email=t@e", "commit", "-q", "-m", "base")
  }

  override func tearDown() {
    try? FileManager.default.removeItem(atPath: repository)
  }

  @discardableResult
  private func git(_ arguments: String...) throws -> String {
    let result = try LiveCommandRunner().capture(
      "/usr/bin/env", ["git", "-C", repository] + arguments, in: nil)
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    return result.stdout
  }

  private func write(_ path: String, _ text: String) throws {
    let full = "\(repository)/\(path)"
    try FileManager.default.createDirectory(
      atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try text.write(toFile: full, atomically: true, encoding: .utf8)
  }

  func testNewFilesAreChangesAndUntrackedBuildOutputIsNot() throws {
    try write("Sources/Core/New.swift", "let a = 1\nlet b = 2\n")
    for output in [
      ".build/debug/Core.build/Old.swift.o", ".swiftpm/xcode/package.xcworkspace/contents",
      "bazel-out/k8/bin/Core.swift", "App/DerivedData/Build/x.swift", "bazel-bin/app",
    ] {
      try write(output, "binary\n")
    }

    let changes = try GitChanges().changes(since: "trunk", root: repository)

    XCTAssertEqual(changes.files.map(\.path), ["Sources/Core/New.swift"])
    XCTAssertEqual(changes.files.first?.addedLines, [1, 2])
    XCTAssertTrue(changes.files.first?.isNew == true)
  }
}
