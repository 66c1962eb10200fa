import Foundation

/// Lists a target's source files on disk.
enum SourceLister {
  static let extensions: Set<Substring> = ["swift", "c", "cc", "cpp", "cxx", "m", "mm", "s", "S"]

  /// Package-relative paths of the sources under `folder`, sorted; `nil` if it is unreadable.
  /// Hidden files and folders are skipped and symlinked folders are not followed. Plain
  /// `readdir`: this runs for every target on every run.
  static func sources(in folder: String, root: String) -> [String]? {
    var found: [String] = []
    guard walk("\(root)/\(folder)", relative: folder, into: &found) else { return nil }
    return found.sorted()
  }

  private static func walk(_ path: String, relative: String, into found: inout [String]) -> Bool {
    guard let directory = opendir(path) else { return false }
    defer { closedir(directory) }
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      guard !name.hasPrefix(".") else { continue }
      var isFolder = Int32(entry.pointee.d_type) == Int32(DT_DIR)
      if Int32(entry.pointee.d_type) == Int32(DT_UNKNOWN) {
        var status = stat()
        isFolder = lstat("\(path)/\(name)", &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
      }
      // A target at the project's root has the relative folder "".
      let inside = relative.isEmpty ? name : "\(relative)/\(name)"
      if isFolder {
        _ = walk("\(path)/\(name)", relative: inside, into: &found)
      } else if let dot = name.lastIndex(of: "."),
        extensions.contains(name[name.index(after: dot)...])
      {
        found.append(inside)
      }
    }
    return true
  }
}
