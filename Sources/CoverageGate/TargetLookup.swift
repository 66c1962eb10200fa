import CoverageModel
import CovgateSupport

/// Finds the target a package-relative file belongs to: the target that lists it, for targets
/// that hold their listed files only (a report's); else the one with the longest folder that
/// holds it, by walking up the file's folders (a dictionary lookup per folder, whatever the
/// number of targets).
struct TargetLookup {
  private let byFolder: [Substring: Int]
  private let byFile: [String: Int]
  private let targets: [TargetInfo]

  init(_ targets: [TargetInfo]) {
    self.targets = targets
    var byFolder: [Substring: Int] = [:]
    var byFile: [String: Int] = [:]
    for (index, target) in targets.enumerated() {
      if target.holdsListedFilesOnly {
        for file in target.sources where byFile[file] == nil { byFile[file] = index }
      } else if byFolder[Substring(target.path)] == nil {
        byFolder[Substring(target.path)] = index
      }
    }
    self.byFolder = byFolder
    self.byFile = byFile
  }

  /// The target of `relative`, or `nil` when no target folder holds it.
  func target(of relative: String) -> TargetInfo? {
    var memo = Memo()
    return target(of: relative, memo: &memo)
  }

  /// The last answer, by the folder it was asked for: files come sorted, in runs of one folder.
  struct Memo {
    var folder: Substring?
    var index: Int?
  }

  /// `target(of:)`, taking the answer from `memo` when `relative` lies in the same folder.
  func target(of relative: String, memo: inout Memo) -> TargetInfo? {
    if !byFile.isEmpty, let index = byFile[relative] { return targets[index] }
    let slash = relative[...].lastIndex(ofByte: UInt8(ascii: "/"))
    let folder = relative[..<(slash ?? relative.startIndex)]
    if let known = memo.folder, known.hasSameBytes(as: folder) {
      return memo.index.map { targets[$0] }
    }
    memo = Memo(folder: folder, index: index(of: folder))
    return memo.index.map { targets[$0] }
  }

  /// The index of the target whose folder is `folder` or holds it (longest first); a target
  /// whose folder is the root (`project.targets: { App: . }`, path "") holds every file.
  private func index(of folder: Substring) -> Int? {
    var folder = folder
    while !folder.isEmpty {
      if let index = byFolder[folder] { return index }
      guard let slash = folder.lastIndex(ofByte: UInt8(ascii: "/")) else { break }
      folder = folder[..<slash]
    }
    return byFolder[""]
  }
}
