import CoverageAcquisition
import CoverageGate
import Foundation

/// The lines changed since a base ref, from git: `git diff -U0` against `git merge-base`.
public struct GitChanges: ChangeProviding {
  let runner: any CommandRunning

  public init(runner: any CommandRunning = LiveCommandRunner()) {
    self.runner = runner
  }

  /// Changed files (paths relative to the package root) between the merge base and the work tree.
  public func changes(since base: String, root: String) throws -> ChangeSet {
    let commit = try mergeBase(base, root: root)
    // The work tree, so uncommitted changes count too; --relative keeps only files under the
    // package and makes their paths package-relative.
    let diff = try git(
      [
        "diff", "-U0", "-M", "--no-color", "--no-ext-diff", "--relative", "--src-prefix=a/",
        "--dst-prefix=b/",
        String(commit),
      ], root: root)
    guard diff.exitCode == 0 else {
      throw PatchError.diffFailed(
        detail: diff.stderr.split(separator: "\n").first.map(String.init) ?? "exit \(diff.exitCode)"
      )
    }
    return ChangeSet(
      base: base, baseCommit: String(commit),
      files: try UnifiedDiff.parse(diff.stdout) + untrackedFiles(root: root))
  }

  /// The merge base of `base` and HEAD; a package outside git or a ref git does not know is an
  /// error naming it.
  public func mergeBase(_ base: String, root: String) throws -> Substring {
    let inside = try git(["rev-parse", "--is-inside-work-tree"], root: root)
    guard inside.exitCode == 0 else { throw PatchError.notARepository(root: root) }
    let mergeBase = try git(["merge-base", base, "HEAD"], root: root)
    guard mergeBase.exitCode == 0, let commit = mergeBase.stdout.split(separator: "\n").first else {
      throw PatchError.baseNotFound(base: base)
    }
    return commit
  }

  public func checkBase(_ base: String, root: String) throws {
    _ = try mergeBase(base, root: root)
  }

  /// New files not yet added to git are part of the change too: every line of them is new.
  /// Build output is not, even where no `.gitignore` leaves it out (SwiftPM's `.build/`,
  /// Xcode's `DerivedData/`, Bazel's `bazel-*` links).
  private func untrackedFiles(root: String) throws -> [ChangedFile] {
    let listed = try git(["ls-files", "--others", "--exclude-standard", "-z"], root: root)
    guard listed.exitCode == 0 else { return [] }
    return listed.stdout.split(separator: "\0").filter { !Self.isBuildOutput($0) }.map { path in
      let lines = SourceLines.count("\(root)/\(path)")
      var file = ChangedFile(path: String(path), addedLines: lines > 0 ? Array(1...lines) : [])
      file.isNew = true
      return file
    }
  }

  /// Whether a package-relative path lies in a build tool's output.
  static func isBuildOutput(_ path: Substring) -> Bool {
    let folders = path.split(separator: "/").dropLast()
    guard let first = folders.first else { return false }
    return first == ".build" || first == ".swiftpm" || first.hasPrefix("bazel-")
      || folders.contains("DerivedData")
  }

  /// The changes since the merge base with `base`, for `covgate affected`, in the line numbers of
  /// the test map's version of each file, and why the map cannot answer for some of them: its
  /// commit is unknown here, or a changed file differs between the map's commit and the merge base.
  public func affectedChanges(since base: String, mapCommit: String, root: String) throws
    -> (changes: [AffectedTests.Change], stale: [String], mergeBase: String)
  {
    let changeSet = try changes(since: base, root: root)
    let changes =
      changeSet.files.map { file in
        AffectedTests.Change(
          path: file.renamedFrom ?? file.path, oldLines: file.removedLines,
          insertedAfter: file.insertedAfter,
          isNew: file.isNew, isDeleted: file.isDeleted || file.isBinary, replaced: file.replaced)
      }
      + changeSet.files.filter { $0.renamedFrom != nil }.map {
        AffectedTests.Change(path: $0.path, isNew: true)
      }
    guard !mapCommit.isEmpty else {
      return (changes, ["the test map names no commit"], changeSet.baseCommit)
    }
    guard mapCommit != changeSet.baseCommit else { return (changes, [], changeSet.baseCommit) }
    let drift = try git(
      ["diff", "--name-only", "--no-renames", "--relative", mapCommit, changeSet.baseCommit],
      root: root)
    guard drift.exitCode == 0 else {
      return (
        changes, ["the test map's commit \(mapCommit.prefix(12)) is not in this repository"],
        changeSet.baseCommit
      )
    }
    let drifted = Set(drift.stdout.split(separator: "\n").map(String.init))
    let stale = changes.filter { drifted.contains($0.path) }.map {
      "\($0.path) differs between the test map's commit \(mapCommit.prefix(12)) and the merge base"
    }
    return (changes, stale, changeSet.baseCommit)
  }

  private func git(_ arguments: [String], root: String) throws -> CommandResult {
    try runner.capture("/usr/bin/env", ["git", "-C", root] + arguments, in: nil)
  }
}

/// Why patch coverage could not be measured.
public enum PatchError: Error, Equatable, CustomStringConvertible {
  case notARepository(root: String)
  case baseNotFound(base: String)
  case diffFailed(detail: String)

  public var description: String {
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
