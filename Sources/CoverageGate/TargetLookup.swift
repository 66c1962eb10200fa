import CoverageModel

/// Finds the target a package-relative file belongs to: the one with the longest folder that
/// holds it, by walking up the file's folders (a dictionary lookup per folder, whatever the
/// number of targets).
struct TargetLookup {
  private let byFolder: [Substring: Int]
  private let targets: [TargetInfo]

  init(_ targets: [TargetInfo]) {
    self.targets = targets
    var byFolder: [Substring: Int] = [:]
    for (index, target) in targets.enumerated() where byFolder[Substring(target.path)] == nil {
      byFolder[Substring(target.path)] = index
    }
    self.byFolder = byFolder
  }

  /// The target of `relative`, or `nil` when no target folder holds it.
  func target(of relative: String) -> TargetInfo? {
    var folder = Substring(relative)
    // Byte search: a `Character` search walks grapheme clusters, costly on every kept file.
    while let slash = folder.utf8.lastIndex(of: UInt8(ascii: "/")) {
      folder = folder[..<slash]
      if let index = byFolder[folder] { return targets[index] }
    }
    return nil
  }
}
