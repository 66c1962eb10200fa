import CoverageGate
import Foundation
import LLVMCoverage

/// The lines changed since a base ref, from git: `git diff -U0` against `git merge-base`.
struct GitChanges {
  let root: String
  let runner: any CommandRunning

  init(root: String, runner: any CommandRunning = LiveCommandRunner()) {
    self.root = root
    self.runner = runner
  }

  /// Changed files (paths relative to the package root) between the merge base and the work tree.
  func changes(since base: String) throws -> (baseCommit: String, files: [ChangedFile]) {
    let inside = try git(["rev-parse", "--is-inside-work-tree"])
    guard inside.exitCode == 0 else { throw PatchError.notARepository(root: root) }
    let mergeBase = try git(["merge-base", base, "HEAD"])
    guard mergeBase.exitCode == 0, let commit = mergeBase.stdout.split(separator: "\n").first else {
      throw PatchError.baseNotFound(base: base)
    }
    // The work tree, so uncommitted changes count too; --relative keeps only files under the
    // package and makes their paths package-relative.
    let diff = try git([
      "diff", "-U0", "-M", "--no-color", "--no-ext-diff", "--relative", "--src-prefix=a/", "--dst-prefix=b/",
      String(commit),
    ])
    guard diff.exitCode == 0 else {
      throw PatchError.diffFailed(detail: diff.stderr.split(separator: "\n").first.map(String.init) ?? "exit \(diff.exitCode)")
    }
    return (String(commit), try UnifiedDiff.parse(diff.stdout) + untrackedFiles())
  }

  /// New files not yet added to git are part of the change too: every line of them is new.
  private func untrackedFiles() throws -> [ChangedFile] {
    let listed = try git(["ls-files", "--others", "--exclude-standard", "-z"])
    guard listed.exitCode == 0 else { return [] }
    return listed.stdout.split(separator: "\0").map { path in
      let lines = SourceLines.count("\(root)/\(path)")
      return ChangedFile(path: String(path), addedLines: lines > 0 ? Array(1...lines) : [])
    }
  }

  private func git(_ arguments: [String]) throws -> CommandResult {
    try runner.capture("/usr/bin/env", ["git", "-C", root] + arguments, in: nil)
  }
}

/// Why patch coverage could not be measured.
enum PatchError: Error, Equatable, CustomStringConvertible {
  case notARepository(root: String)
  case baseNotFound(base: String)
  case diffFailed(detail: String)

  var description: String {
    switch self {
    case .notARepository(let root):
      "\(root) is not in a git repository; patch coverage (--base) needs the git history"
    case .baseNotFound(let base):
      "base '\(base)' not found or shares no history with HEAD; fetch it (e.g. `git fetch origin main`, or `fetch-depth: 0` in CI) or pass another --base"
    case .diffFailed(let detail):
      "`git diff` failed: \(detail); check the repository"
    }
  }
}
