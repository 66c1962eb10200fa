import CoverageAcquisition
import Foundation

/// The commit and branch (or, on a tag checkout, the tag) a run measured: from the CI's
/// variables when set, else from git in the package folder; empty when neither knows.
public struct SourceRevision: Equatable {
  public var commit: String
  public var branch: String

  /// The revision of the package at `root`, from this process's environment and git.
  @Sendable public static func live(root: String) -> SourceRevision {
    resolve(
      root: root, environment: ProcessInfo.processInfo.environment, runner: LiveCommandRunner())
  }

  /// Reads GitHub Actions' and GitLab CI's variables first (`GITHUB_SHA`, `GITHUB_HEAD_REF` on
  /// pull requests or `GITHUB_REF_NAME`; `CI_COMMIT_SHA`, `CI_COMMIT_REF_NAME`), then asks git.
  static func resolve(
    root: String, environment: [String: String], runner: any CommandRunning,
    readHead: (String) -> GitHead? = GitHead.read(root:)
  ) -> SourceRevision {
    func variable(_ names: String...) -> String? {
      names.lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
    }
    let commitVariable = variable("GITHUB_SHA", "CI_COMMIT_SHA")
    let branchVariable = variable("GITHUB_HEAD_REF", "GITHUB_REF_NAME", "CI_COMMIT_REF_NAME")
    // On a branch, the files say it all; git is started only for what they do not.
    let head = commitVariable == nil || branchVariable == nil ? readHead(root) : nil
    let commit =
      commitVariable ?? head?.commit ?? git(["rev-parse", "HEAD"], root: root, runner: runner)
    var branch =
      branchVariable ?? head?.branch
      ?? git(["rev-parse", "--abbrev-ref", "HEAD"], root: root, runner: runner)
    if branch == "HEAD" {
      // A detached checkout names no branch: the tag it sits on, if any, else nothing.
      branch = git(["describe", "--tags", "--exact-match", "HEAD"], root: root, runner: runner)
    }
    return SourceRevision(commit: commit, branch: branch)
  }

  /// The first line git prints, or empty when git is missing or the folder is no repository.
  private static func git(_ arguments: [String], root: String, runner: any CommandRunning) -> String
  {
    guard
      let result = try? runner.capture("/usr/bin/env", ["git", "-C", root] + arguments, in: nil),
      result.exitCode == 0
    else { return "" }
    return result.stdout.split(separator: "\n").first.map(String.init) ?? ""
  }
}
