/// The lines `covgate mutate` mutates.
struct MutationScope {
  /// Per package-relative file, its lines (nil: all of them); nil: every file, every line.
  var lines: [String: Set<Int>?]?
  var description: String
  /// The commit `--base` resolved to (the merge base); nil for `--file` and `--all`.
  var baseCommit: String? = nil

  /// The lines of `file` in scope: nil when the file is not, `.some(nil)` for every line.
  func lines(of file: String) -> Set<Int>?? {
    guard let lines else { return .some(nil) }
    return lines[file]
  }
}
