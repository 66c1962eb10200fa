import Foundation

/// The commit and branch of a git work tree read from its files (`.git/HEAD`, the loose or
/// packed ref), without starting git: the history records them on every run, and two git
/// processes cost more than the rest of the history together. Anything it does not know for
/// sure (a linked work tree, a detached HEAD, an unusual ref) is `nil`, and git is asked.
struct GitHead: Equatable {
  var commit: String
  var branch: String

  /// Reads the repository that holds `root` (the nearest `.git` folder above it).
  static func read(root: String) -> GitHead? {
    guard let gitFolder = gitFolder(above: root),
      let head = text("\(gitFolder)/HEAD"), head.hasPrefix("ref: refs/heads/")
    else { return nil }
    let ref = String(head.dropFirst("ref: ".count))
    guard let commit = loose(ref, in: gitFolder) ?? packed(ref, in: gitFolder) else { return nil }
    return GitHead(commit: commit, branch: String(ref.dropFirst("refs/heads/".count)))
  }

  /// The `.git` folder of the nearest repository at or above `folder`; `nil` when it is a
  /// `.git` file (a linked work tree or a submodule: git knows those better).
  private static func gitFolder(above folder: String) -> String? {
    var current = URL(fileURLWithPath: folder).standardizedFileURL.path
    while true {
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: "\(current)/.git", isDirectory: &isFolder) {
        return isFolder.boolValue ? "\(current)/.git" : nil
      }
      guard current != "/" else { return nil }
      current = (current as NSString).deletingLastPathComponent
    }
  }

  private static func loose(_ ref: String, in gitFolder: String) -> String? {
    text("\(gitFolder)/\(ref)").flatMap(objectName)
  }

  /// The ref's line in `packed-refs`: `<sha> refs/heads/<branch>`.
  private static func packed(_ ref: String, in gitFolder: String) -> String? {
    guard let lines = contents("\(gitFolder)/packed-refs")?.split(separator: "\n") else {
      return nil
    }
    for line in lines where line.hasSuffix(" " + ref) {
      return objectName(String(line.prefix { $0 != " " }))
    }
    return nil
  }

  /// `text` when it is a full object name (40 or 64 lowercase hex digits).
  private static func objectName(_ text: String) -> String? {
    let isHex = text.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
    return isHex && (text.count == 40 || text.count == 64) ? text : nil
  }

  /// A small file's first line, trimmed.
  private static func text(_ path: String) -> String? {
    contents(path)?.split(separator: "\n").first.map { $0.trimmingCharacters(in: .whitespaces) }
  }

  /// A file of up to 16 MiB as text.
  private static func contents(_ path: String) -> String? {
    guard let data = FileManager.default.contents(atPath: path), data.count < 1 << 24 else {
      return nil
    }
    return String(decoding: data, as: UTF8.self)
  }
}
