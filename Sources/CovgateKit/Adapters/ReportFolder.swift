import CovgateSupport
import Foundation

/// The output folder is covgate's: each kind of report run (the coverage reports, mutate's)
/// lists the files it wrote in a manifest of its own there, and the next run of that kind
/// removes the files the last one wrote and this one did not (an HTML site from a run with
/// `--format all` does not outlive a later run without it). A file covgate never listed is
/// never touched.
public enum ReportFolder {
  /// The manifest of the coverage reports (`run`, `check`).
  public static let coverageManifest = ".covgate-reports"
  /// The manifest of `covgate mutate`'s reports.
  public static let mutationManifest = ".covgate-mutation-reports"

  /// Writes `files` (paths inside `folder`) and the manifest atomically, then removes what
  /// the previous manifest listed and this run did not write, and the folders that leaves
  /// empty.
  public static func write(_ files: [AtomicFile.Pending], to folder: String, manifest: String)
    throws
  {
    let manifestPath = "\(folder)/\(manifest)"
    let previous = listed(in: manifestPath)
    let written = files.compactMap { relative($0.path, in: folder) }
    let list = written.sorted().joined(separator: "\n") + "\n"
    try AtomicFile.write(files + [AtomicFile.Pending(path: manifestPath, parts: { [list] })])
    for stale in Set(previous).subtracting(written).sorted() {
      try? FileManager.default.removeItem(atPath: "\(folder)/\(stale)")
      removeEmptyFolders(above: stale, in: folder)
    }
  }

  /// The files a manifest lists: relative paths inside the folder only (a line that leaves
  /// it, or names the manifest, is ignored).
  static func listed(in manifest: String) -> [String] {
    guard let text = try? String(contentsOfFile: manifest, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").map(String.init).filter { path in
      !path.isEmpty && !path.hasPrefix("/") && !path.hasPrefix(".covgate-")
        && !path.split(separator: "/").contains("..")
    }
  }

  private static func relative(_ path: String, in folder: String) -> String? {
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
  }

  private static func removeEmptyFolders(above path: String, in folder: String) {
    var parent = (path as NSString).deletingLastPathComponent
    while !parent.isEmpty {
      let full = "\(folder)/\(parent)"
      guard (try? FileManager.default.contentsOfDirectory(atPath: full))?.isEmpty == true else {
        return
      }
      try? FileManager.default.removeItem(atPath: full)
      parent = (parent as NSString).deletingLastPathComponent
    }
  }
}
