import CoverageReports
import Foundation

/// Reads source files for reports, only from inside the package: a path that leaves the root
/// (`..`, an absolute path, a symlink pointing out) reads as missing.
struct PackageSources: SourceProviding {
  let root: String

  init(root: String) {
    self.root = Self.realPath(root) ?? root
  }

  func source(ofRelativePath path: String) -> String? {
    guard !path.hasPrefix("/"), let resolved = Self.realPath("\(root)/\(path)"),
      resolved.hasPrefix(root + "/"), let data = FileManager.default.contents(atPath: resolved)
    else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  /// The path with `.`, `..` and every symlink resolved (`realpath(3)`), or `nil` if it does not exist.
  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
