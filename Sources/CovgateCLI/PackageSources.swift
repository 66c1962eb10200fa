import CoverageReports
import Foundation

/// Reads source files for reports, only from inside the package: a path that leaves the root
/// (`..`, an absolute path, a symlink pointing out) reads as missing.
struct PackageSources: SourceProviding {
  let root: String

  init(root: String) {
    self.root = URL(fileURLWithPath: root).standardizedFileURL.resolvingSymlinksInPath().path
  }

  func source(ofRelativePath path: String) -> String? {
    guard !path.hasPrefix("/") else { return nil }
    let resolved = URL(fileURLWithPath: root).appendingPathComponent(path)
      .standardizedFileURL.resolvingSymlinksInPath().path
    guard resolved.hasPrefix(root + "/"), let data = FileManager.default.contents(atPath: resolved) else {
      return nil
    }
    return String(decoding: data, as: UTF8.self)
  }
}
