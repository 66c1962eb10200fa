import Foundation

/// Writes files so that readers see the old content or the new, never half of either.
public enum AtomicFile {
  /// Writes `data` to a temporary file beside `path`, then renames it into place. An
  /// interruption (Ctrl-C) waits until the rename is done, so no temporary file is left.
  public static func write(_ data: Data, to path: String) throws {
    try data.withUnsafeBytes { bytes in try write(bytes, to: path) }
  }

  /// Writes a string's UTF-8 bytes atomically (no copy into `Data`).
  public static func write(_ text: String, to path: String) throws {
    var text = text
    try text.withUTF8 { bytes in try write(UnsafeRawBufferPointer(bytes), to: path) }
  }

  /// Writes several files atomically; an interruption waits for all of them. One thread:
  /// files created in one folder take the folder's lock, so a second thread only waits.
  public static func write(_ files: [(path: String, contents: String)]) throws {
    try Interruption.shared.whileWriting {
      for file in files {
        var text = file.contents
        try text.withUTF8 { bytes in try writeNow(UnsafeRawBufferPointer(bytes), to: file.path) }
      }
    }
  }

  static func write(_ bytes: UnsafeRawBufferPointer, to path: String) throws {
    try Interruption.shared.whileWriting { try writeNow(bytes, to: path) }
  }

  /// Plain POSIX calls: a report folder holds hundreds of pages, and Foundation's file
  /// APIs cost several system calls each.
  private static func writeNow(_ bytes: UnsafeRawBufferPointer, to path: String) throws {
    let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
    let folder = slash.map { String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let temporary = "\(folder)/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    var descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    if descriptor < 0, errno == ENOENT, !folder.isEmpty {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    }
    guard descriptor >= 0 else { throw AtomicFileError(path: path, code: errno) }
    var written = 0
    while written < bytes.count {
      let result = Foundation.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
      if result < 0, errno == EINTR { continue }
      guard result > 0 else {
        let code = errno
        close(descriptor)
        unlink(temporary)
        throw AtomicFileError(path: path, code: code)
      }
      written += result
    }
    guard close(descriptor) == 0, rename(temporary, path) == 0 else {
      let code = errno
      unlink(temporary)
      throw AtomicFileError(path: path, code: code)
    }
  }
}

/// A file that could not be written, with the system's reason.
public struct AtomicFileError: Error, LocalizedError, CustomStringConvertible {
  public var path: String
  public var code: Int32
  public var description: String { String(cString: strerror(code)) }
  public var errorDescription: String? { description }
}
