import CoverageGate
import Foundation

/// Symlinks resolved on the disk for scoping: each folder once, the file itself only when it
/// is a symlink (an `lstat`), so thousands of files cost little more than their folders.
struct DiskSymlinks: SymlinkResolving {
  private let folders = ResolvedFolders()

  func realPath(_ path: String) -> String? {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), slash != path.startIndex else { return CovgateKit.realPath(path) }
    guard let folder = folders.resolve(String(path[..<slash])) else { return nil }
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    if (status.st_mode & S_IFMT) == S_IFLNK { return CovgateKit.realPath(path) }
    return folder + path[slash...]
  }
}

/// Folders already resolved with `realpath`, shared by the threads rendering pages.
final class ResolvedFolders: @unchecked Sendable {
  private let lock = NSLock()
  private var resolved: [String: String?] = [:]

  func resolve(_ folder: String) -> String? {
    if let known = lock.withLock({ resolved[folder] }) { return known }
    let path = realPath(folder)
    lock.withLock { resolved[folder] = path }
    return path
  }
}

/// The path with `.`, `..` and every symlink resolved (`realpath(3)`), or `nil` if it does not exist.
func realPath(_ path: String) -> String? {
  guard let resolved = realpath(path, nil) else { return nil }
  defer { free(resolved) }
  return String(cString: resolved)
}
