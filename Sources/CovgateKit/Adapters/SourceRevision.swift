import CoverageAcquisition

/// The commit and branch (or, on a tag checkout, the tag) a run measured: from the CI's
/// variables when set, else from git in the package folder; empty when neither knows.
public struct SourceRevision: Equatable {
  public var commit: String
  public var branch: String

  /// Reads GitHub Actions' and GitLab CI's variables first (`GITHUB_SHA`, `GITHUB_HEAD_REF` on
  /// pull requests or `GITHUB_REF_NAME`; `CI_COMMIT_SHA`, `CI_COMMIT_REF_NAME`), then asks git.
  public static func resolve(
    root: String, environment: [String: String], runner: any CommandRunning
  ) -> SourceRevision {
    func variable(_ names: String...) -> String? {
      names.lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
    }
    let commit =
      variable("GITHUB_SHA", "CI_COMMIT_SHA")
      ?? git(["rev-parse", "HEAD"], root: root, runner: runner)
    var branch =
      variable("GITHUB_HEAD_REF", "GITHUB_REF_NAME", "CI_COMMIT_REF_NAME")
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
