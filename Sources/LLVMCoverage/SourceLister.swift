import Foundation

/// Lists a target's source files on disk.
enum SourceLister {
  static let extensions: Set<String> = ["swift", "c", "cc", "cpp", "cxx", "m", "mm", "s", "S"]

  /// Package-relative paths of the sources under `folder`, sorted; `nil` if it is unreadable.
  static func sources(in folder: String, root: String) -> [String]? {
    let base = "\(root)/\(folder)"
    guard let enumerator = FileManager.default.enumerator(atPath: base) else { return nil }
    var found: [String] = []
    while let item = enumerator.nextObject() as? String {
      if item.hasPrefix(".") || item.contains("/.") { continue }
      if extensions.contains((item as NSString).pathExtension) {
        found.append("\(folder)/\(item)")
      }
    }
    return found.sorted()
  }
}
