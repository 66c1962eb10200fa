import CovgateSupport
import Foundation

/// Every file under a folder with its bytes, to tell whether a run changed or left anything.
enum FolderContents {
  /// Relative path to contents; empty when the folder does not exist.
  static func of(_ folder: String) -> [String: Data] {
    let paths = FileManager.default.subpaths(atPath: folder) ?? []
    var contents: [String: Data] = [:]
    for path in paths {
      var isFolder: ObjCBool = false
      let full = "\(folder)/\(path)"
      if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue {
        contents[path] = FileManager.default.contents(atPath: full) ?? Data()
      }
    }
    return contents
  }

  /// Files a writer left behind half-done: AtomicFile's `.NAME.PID.RANDOM.tmp` and any other
  /// hidden or `.tmp` file (not the manifests of what each kind of run wrote).
  static func temporaryFiles(in folder: String) -> [String] {
    of(folder).keys.filter { path in
      let name = (path as NSString).lastPathComponent
      guard name != ".covgate-reports", name != ".covgate-mutation-reports" else { return false }
      return name.hasPrefix(".") || name.hasSuffix(".tmp")
    }.sorted()
  }
}
