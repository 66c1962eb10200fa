import CoverageAcquisition
import XCTest

@testable import CovgateKit

final class SourceRevisionTests: XCTestCase {
  /// Answers git with fixed output and records the arguments.
  private final class StubGit: CommandRunning, @unchecked Sendable {
    var result: CommandResult
    var abbreviatedRef = "main"
    var tag: CommandResult = CommandResult(exitCode: 128, stderr: "fatal: no tag exactly matches")
    private(set) var calls: [[String]] = []

    init(_ result: CommandResult) { self.result = result }

    func capture(_ executable: String, _ arguments: [String], in directory: String?) throws
      -> CommandResult
    {
      calls.append([executable] + arguments)
      if arguments.contains("--abbrev-ref") {
        return CommandResult(exitCode: result.exitCode, stdout: abbreviatedRef + "\n")
      }
      if arguments.contains("--exact-match") { return tag }
      return result
    }

    func stream(
      _ executable: String, _ arguments: [String], in directory: String?, timeout: TimeInterval?
    ) throws -> StreamResult { StreamResult(exitCode: 0) }
  }

  func testGitGivesTheCommitAndBranchOfThePackageFolder() {
    let git = StubGit(CommandResult(exitCode: 0, stdout: "abc123\n"))

    let revision = SourceRevision.resolve(root: "/pkg", environment: [:], runner: git)

    XCTAssertEqual(revision, SourceRevision(commit: "abc123", branch: "main"))
    XCTAssertEqual(git.calls.first, ["/usr/bin/env", "git", "-C", "/pkg", "rev-parse", "HEAD"])
  }

  func testOutsideARepositoryBothAreEmpty() {
    let git = StubGit(CommandResult(exitCode: 128, stderr: "fatal: not a git repository"))

    XCTAssertEqual(
      SourceRevision.resolve(root: "/pkg", environment: [:], runner: git),
      SourceRevision(commit: "", branch: ""))
  }

  func testCIVariablesComeFirst() {
    let git = StubGit(CommandResult(exitCode: 0, stdout: "local\n"))

    XCTAssertEqual(
      SourceRevision.resolve(
        root: "/pkg",
        environment: [
          "GITHUB_SHA": "gh", "GITHUB_REF_NAME": "42/merge", "GITHUB_HEAD_REF": "feature",
        ],
        runner: git),
      SourceRevision(commit: "gh", branch: "feature"))
    XCTAssertEqual(
      SourceRevision.resolve(
        root: "/pkg",
        environment: ["GITHUB_SHA": "gh", "GITHUB_REF_NAME": "main", "GITHUB_HEAD_REF": ""],
        runner: git),
      SourceRevision(commit: "gh", branch: "main"))
    XCTAssertEqual(
      SourceRevision.resolve(
        root: "/pkg", environment: ["CI_COMMIT_SHA": "gl", "CI_COMMIT_REF_NAME": "dev"], runner: git
      ),
      SourceRevision(commit: "gl", branch: "dev"))
    XCTAssertTrue(git.calls.isEmpty)
  }

  func testATagCheckoutRecordsTheTagNotHEAD() {
    let git = StubGit(CommandResult(exitCode: 0, stdout: "abc123\n"))
    git.abbreviatedRef = "HEAD"
    git.tag = CommandResult(exitCode: 0, stdout: "v1.2.0\n")

    XCTAssertEqual(
      SourceRevision.resolve(root: "/pkg", environment: [:], runner: git),
      SourceRevision(commit: "abc123", branch: "v1.2.0"))
  }

  func testADetachedCheckoutOffAnyTagRecordsNoBranch() {
    let git = StubGit(CommandResult(exitCode: 0, stdout: "abc123\n"))
    git.abbreviatedRef = "HEAD"

    XCTAssertEqual(
      SourceRevision.resolve(root: "/pkg", environment: [:], runner: git),
      SourceRevision(commit: "abc123", branch: ""))
  }
}
