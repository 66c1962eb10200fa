import CoverageAcquisition
import CoverageReports
import CovgateSupport
import Foundation

/// Reads source files for reports, only from inside the package: a path that leaves the root
/// (`..`, an absolute path, a symlink pointing out) reads as missing.
///
/// Each folder is resolved once (`realpath`), and a file is opened without following a
/// symlink; only a symlinked file is resolved on its own. Each file is read once: copies share
/// what was read, so the stages of one run (test-framework imports, markers, branches, pages)
/// read a source once between them.
struct PackageSources: SourceProviding {
  let root: String
  private let folders = ResolvedFolders()
  private let texts = ReadTexts()

  init(root: String) {
    self.root = realPath(root) ?? root
  }

  func source(ofRelativePath path: String) -> String? {
    guard !path.hasPrefix("/") else { return nil }
    let slash = path[...].lastIndex(ofByte: UInt8(ascii: "/"))
    let folder = slash.map { "\(root)/\(path[..<$0])" } ?? root
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    guard !name.isEmpty, name != ".", name != "..", let resolved = folders.resolve(folder),
      isInside(resolved)
    else { return nil }
    let file = "\(resolved)/\(name)"
    return texts.text(of: file) { readInside(file) }
  }

  /// The text of `file` (in a resolved folder), following a symlinked file only to inside.
  private func readInside(_ file: String) -> String? {
    var descriptor = open(file, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    if descriptor < 0, errno == ELOOP, let target = realPath(file), isInside(target) {
      descriptor = open(target, O_RDONLY | O_CLOEXEC)
    }
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    return readText(descriptor)
  }

  private func isInside(_ resolved: String) -> Bool {
    resolved == root || resolved.hasPrefix(root + "/")
  }

  /// The whole file as UTF-8 text (invalid bytes repaired), or `nil` if it is not a regular file.
  private func readText(_ descriptor: Int32) -> String? {
    guard let size = RegularFile.size(of: descriptor) else { return nil }
    var failed = false
    let text = String(unsafeUninitializedCapacity: size) { buffer in
      let done = RegularFile.read(descriptor, into: buffer)
      failed = done < size
      return done
    }
    return failed ? nil : text
  }
}

/// The texts of the files already read (`nil`: not readable), shared by the threads reading them.
final class ReadTexts: @unchecked Sendable {
  private let lock = NSLock()
  private var texts: [String: String?] = [:]

  /// The text of `file`, read by `read` the first time only (two threads may both read it).
  func text(of file: String, read: () -> String?) -> String? {
    if let known = lock.withLock({ texts[file] }) { return known }
    let text = read()
    lock.withLock { texts[file] = text }
    return text
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
