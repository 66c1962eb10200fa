import CoverageModel
import CovgateSupport

/// Paths normalised by their text alone, as `..` must be resolved before a path is scoped:
/// `/p/Sources/A/../../../tmp/x.swift` is `/tmp/x.swift`, outside a package at `/p`.
public enum LexicalPath {
  /// `path` with repeated slashes, `.` components and trailing slashes removed and each `..`
  /// taken back against the component before it (`/..` stays `/`; a relative path keeps its
  /// leading `..`s). Symlinks are not followed: that needs the disk (`SymlinkResolving`).
  public static func normalized(_ path: String) -> String {
    guard needsWork(path) else { return path }
    let absolute = path.hasPrefix("/")
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      switch part {
      case ".": continue
      case "..":
        if let last = parts.last, last != ".." {
          parts.removeLast()
        } else if !absolute {
          parts.append(part)
        }
      default: parts.append(part)
      }
    }
    let joined = parts.joined(separator: "/")
    return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
  }

  /// Whether `normalized(path)` is `path` itself and no component is `..`: one pass, no copy.
  public static func isNormal(_ path: String) -> Bool {
    !needsWork(path)
  }

  /// Whether `path` has anything to normalise (an empty, `.` or `..` component, or a trailing
  /// slash): one pass over the bytes, as almost every path is clean.
  private static func needsWork(_ path: String) -> Bool {
    var path = path
    return path.withUTF8(needsWork)
  }

  private static func needsWork(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var length = 0  // bytes of the current component
    var dots = 0  // how many of them are dots
    var index = 0
    for byte in bytes {
      if byte == UInt8(ascii: "/") {
        if index > 0 && (length == 0 || (length == dots && dots <= 2)) { return true }
        length = 0
        dots = 0
      } else {
        length += 1
        if byte == UInt8(ascii: ".") { dots += 1 }
      }
      index += 1
    }
    return length == 0 ? index > 1 : (length == dots && dots <= 2)
  }
}

/// Resolves symlinks on disk, so that a file whose path lies inside the package but which links
/// out of it is not measured as a package file.
public protocol SymlinkResolving: Sendable {
  /// `path` with every symlink resolved, or `nil` when it does not exist.
  func realPath(_ path: String) -> String?
  /// `realPath(root + "/" + path)` of each path relative to `root`, in order (the scoper asks
  /// once for all kept files).
  func realPaths(ofRelative paths: [String], under root: String) -> [String?]
}

extension SymlinkResolving {
  public func realPaths(ofRelative paths: [String], under root: String) -> [String?] {
    paths.concurrentMap { realPath("\(root)/\($0)") }
  }
}
