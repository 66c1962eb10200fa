import CoverageGate
import CoverageModel
import CovgateSupport
import Foundation

/// The package's files on the disk. Symlinks are resolved for scoping with each folder listed
/// once (`readdir` says which names exist and which are symlinks), so thousands of files cost
/// little more than their folders; only a name that is a symlink is resolved with `realpath`.
public struct DiskFiles: PackageFiles {
  public init() {}

  public func exists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: path)
  }

  public func isFolder(_ path: String) -> Bool {
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
      && isFolder.boolValue
  }

  public func contents(_ path: String) -> Data? {
    FileManager.default.contents(atPath: path)
  }

  public func realPath(_ path: String) -> String? {
    CovgateKit.realPath(path)
  }

  public func realPaths(ofRelative paths: [String], under root: String) -> [String?] {
    guard let realRoot = CovgateKit.realPath(root) else { return paths.map { _ in nil } }
    // Each path's folder, listed once a run of paths in one folder (the paths come sorted).
    var known: [Substring: ListedFolder?] = ["": ListedFolder(real: realRoot)]
    var last: (folder: Substring, listed: ListedFolder?)?
    let folders = paths.map { path -> ListedFolder? in
      let folder = Self.split(path[...]).folder
      if let last, last.folder.hasSameBytes(as: folder) { return last.listed }
      let listed = Self.list(folder, root: root, into: &known)
      last = (folder, listed)
      return listed
    }
    // Names looked up on every core, only where the folder exists.
    guard folders.contains(where: { $0 != nil }) else { return paths.map { _ in nil } }
    return Array(paths.indices).concurrentMap { index in
      folders[index]?.realPath(of: Self.split(paths[index][...]).name) {
        CovgateKit.realPath("\(root)/\(paths[index])")
      }
    }
  }

  /// The folder `relative` (to `root`) listed, its parents first, each remembered in `known`.
  private static func list(
    _ relative: Substring, root: String, into known: inout [Substring: ListedFolder?]
  ) -> ListedFolder? {
    if let folder = known[relative] { return folder }
    let (parent, name) = split(relative)
    let folder = list(parent, root: root, into: &known)?
      .realPath(of: name) { CovgateKit.realPath("\(root)/\(relative)") }
      .map(ListedFolder.init(real:))
    known[relative] = folder
    return folder
  }

  /// The folder and the name of a relative path (the folder of `A.swift` is "").
  private static func split(_ path: Substring) -> (folder: Substring, name: Substring) {
    guard let slash = path.lastIndex(ofByte: UInt8(ascii: "/")) else {
      return (path[path.startIndex..<path.startIndex], path)
    }
    return (path[..<slash], path[path.utf8.index(after: slash)...])
  }
}

/// A folder's real path and its entries, each with whether it is a symlink.
private struct ListedFolder: Sendable {
  let real: String
  private let symlink: [String: Bool]

  init(real: String) {
    self.real = real
    var symlink: [String: Bool] = [:]
    if let folder = opendir(real) {
      defer { closedir(folder) }
      while let entry = readdir(folder) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) {
          String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
        }
        switch Int32(entry.pointee.d_type) {
        case Int32(DT_LNK): symlink[name] = true
        case Int32(DT_UNKNOWN):
          var status = stat()
          symlink[name] =
            lstat("\(real)/\(name)", &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
        default: symlink[name] = false
        }
      }
    }
    self.symlink = symlink
  }

  /// The real path of the entry `name`: `nil` when there is none, `resolve()` for a symlink.
  func realPath(of name: Substring, resolve: () -> String?) -> String? {
    guard name != ".", name != "..", let isLink = symlink[String(name)] else { return nil }
    return isLink ? resolve() : "\(real)/\(name)"
  }
}

/// The path with `.`, `..` and every symlink resolved (`realpath(3)`), or `nil` if it does not exist.
func realPath(_ path: String) -> String? {
  guard let resolved = realpath(path, nil) else { return nil }
  defer { free(resolved) }
  return String(cString: resolved)
}
