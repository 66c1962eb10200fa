import CoverageAcquisition
import Foundation
import XCTest

@testable import CovgateKit

/// The commit and branch read from a real repository's files equal what git says, and every
/// case the files cannot settle is left to git.
final class GitHeadTests: XCTestCase {
  private var repository = ""

  override func setUpWithError() throws {
    repository = NSTemporaryDirectory() + "covgate-head-\(UUID().uuidString)"
    try FileManager.default.createDirectory(
      atPath: "\(repository)/Sources/Core", withIntermediateDirectories: true)
    try git("init", "-q", "-b", "trunk")
    try git(
      "-c", "user.name=t", "-c", "user.email=t@e", "commit", "-q", "--allow-empty", "-m", "one")
  }

  override func tearDown() {
    try? FileManager.default.removeItem(atPath: repository)
  }

  @discardableResult
  private func git(_ arguments: String...) throws -> String {
    let result = try LiveCommandRunner().capture(
      "/usr/bin/env", ["git", "-C", repository] + arguments, in: nil)
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  func testABranchWithALooseRefIsReadFromTheFiles() throws {
    let head = GitHead.read(root: "\(repository)/Sources/Core")
    XCTAssertEqual(head, GitHead(commit: try git("rev-parse", "HEAD"), branch: "trunk"))
  }

  func testAPackedRefIsFound() throws {
    try git("checkout", "-q", "-b", "feature/x")
    try git("pack-refs", "--all")
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: "\(repository)/.git/refs/heads/feature/x"))
    XCTAssertEqual(
      GitHead.read(root: repository),
      GitHead(commit: try git("rev-parse", "HEAD"), branch: "feature/x"))
  }

  func testADetachedHeadIsLeftToGitWhichNamesTheTag() throws {
    try git("tag", "v1.0")
    try git("checkout", "-q", "--detach", "v1.0")
    XCTAssertNil(GitHead.read(root: repository))
    let revision = SourceRevision.resolve(
      root: repository, environment: [:], runner: LiveCommandRunner())
    XCTAssertEqual(revision, SourceRevision(commit: try git("rev-parse", "HEAD"), branch: "v1.0"))
  }

  func testALinkedWorkTreeIsLeftToGit() throws {
    let linked = repository + "-linked"
    defer { try? FileManager.default.removeItem(atPath: linked) }
    try git("worktree", "add", "-q", "-b", "side", linked)
    XCTAssertNil(GitHead.read(root: linked))
    XCTAssertEqual(
      SourceRevision.resolve(root: linked, environment: [:], runner: LiveCommandRunner()).branch,
      "side")
  }

  func testOutsideAnyRepositoryThereIsNothingToRead() {
    XCTAssertNil(GitHead.read(root: "/"))
  }
}
