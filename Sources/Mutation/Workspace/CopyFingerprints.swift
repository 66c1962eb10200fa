import CovgateSupport
import Foundation

/// A fingerprint of each file of a package (build output, version control and editors' state
/// left out), by package-relative path: what changed between two runs.
enum CopyFingerprints {
  static func of(root: String) -> [String: String] {
    var found: [String: String] = [:]
    let enumerator = FileManager.default.enumerator(atPath: root)
    while let path = enumerator?.nextObject() as? String {
      if PackageCopy.skippedNames.contains((path as NSString).lastPathComponent) {
        enumerator?.skipDescendants()
        continue
      }
      guard let data = try? Data(contentsOf: URL(fileURLWithPath: "\(root)/\(path)")) else {
        continue
      }
      found[path] = fingerprint(data)
    }
    return found
  }

  /// The paths whose fingerprint differs between `old` and `new`, added and removed ones
  /// included.
  static func changed(from old: [String: String], to new: [String: String]) -> Set<String> {
    Set(old.keys).union(new.keys).filter { old[$0] != new[$0] }
  }
}
