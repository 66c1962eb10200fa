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

  /// Writes several files atomically; an interruption waits for all of them.
  public static func write(_ files: [(path: String, contents: String)]) throws {
    try write(files.map { file in Pending(path: file.path) { [file.contents] } })
  }

  /// Writes several files, each given in parts written one after the other, atomically.
  public static func write(_ files: [(path: String, parts: [String])]) throws {
    try write(files.map { file in Pending(path: file.path) { file.parts } })
  }

  public static func write(_ bytes: UnsafeRawBufferPointer, to path: String) throws {
    try FileWrites.whileWriting { try writeNow(bytes, to: path) }
  }

  private static func writeNow(_ parts: [String], to path: String) throws {
    try writeNow(to: path) { try create($0, parts: parts) }
  }

  private static func writeNow(_ bytes: UnsafeRawBufferPointer, to path: String) throws {
    try writeNow(to: path) { try create($0, with: bytes) }
  }

  /// A temporary file beside `path`, renamed into place. Plain POSIX calls: a report folder
  /// holds hundreds of pages, and Foundation's file APIs cost several system calls each.
  private static func writeNow(to path: String, _ create: (String) throws -> Void) throws {
    let (folder, name) = split(path)
    let temporary = hiddenName(of: name, in: folder)
    do {
      try create(temporary)
    } catch let error as AtomicFileError where error.code == ENOENT {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try create(temporary)
    } catch let error as AtomicFileError {
      throw AtomicFileError(path: path, code: error.code)
    }
    guard replace(path, with: temporary) == 0 else {
      let code = errno
      unlink(temporary)
      throw AtomicFileError(path: path, code: code)
    }
  }

  /// Moves `temporary` to `path` (0, or -1 with `errno`). A regular file already at `path` is
  /// swapped out (`renameat2` with `RENAME_EXCHANGE`), then removed: ext4 answers a rename over
  /// a file by writing the new file's blocks out at once (`auto_da_alloc`), 8 ms for a 7 MB
  /// `covgate.json`, more than writing it. Readers see the old file or the new one either way;
  /// like the rename, this promises nothing about a power cut (reports are made again).
  static func replace(_ path: String, with temporary: String) -> Int32 {
    var status = stat()
    if let exchange = renameExchange, lstat(path, &status) == 0,
      (status.st_mode & S_IFMT) == S_IFREG,
      exchange(AT_FDCWD, temporary, AT_FDCWD, path, renameExchangeFlag) == 0
    {
      unlink(temporary)
      return 0
    }
    return rename(temporary, path)
  }

  private typealias RenameAt2 =
    @convention(c) (
      Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32
    ) -> Int32

  /// `RENAME_EXCHANGE` (`<stdio.h>`, behind `_GNU_SOURCE`).
  private static let renameExchangeFlag: UInt32 = 1 << 1

  /// `renameat2` from the C library where it has one (Glibc's module leaves it out).
  private static let renameExchange = CLibrary.function("renameat2", as: RenameAt2.self)

  /// Creates `path`, which must not exist, with `bytes`.
  static func create(_ path: String, with bytes: UnsafeRawBufferPointer) throws {
    try create(path) { descriptor in try writeAll(bytes, to: descriptor) }
  }

  /// Creates `path`, which must not exist, with the parts' bytes one after the other.
  static func create(_ path: String, parts: [String]) throws {
    try create(path) { descriptor in
      for var part in parts {
        try part.withUTF8 { try writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
      }
    }
  }

  /// Creates `path` and fills it with `fill`; on any failure the file is gone and the error
  /// names `path` with the system's reason.
  private static func create(_ path: String, _ fill: (Int32) throws -> Void) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw AtomicFileError(path: path, code: errno) }
    do {
      try fill(descriptor)
    } catch let error as AtomicFileError {
      close(descriptor)
      unlink(path)
      throw AtomicFileError(path: path, code: error.code)
    }
    guard close(descriptor) == 0 else {
      let code = errno
      unlink(path)
      throw AtomicFileError(path: path, code: code)
    }
  }

  /// Writes every byte, again after an interruption; the system's reason when it cannot.
  private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws {
    var written = 0
    while written < bytes.count {
      let result = Foundation.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
      if result < 0, errno == EINTR { continue }
      guard result > 0 else { throw AtomicFileError(path: "", code: errno) }
      written += result
    }
  }

  /// A new hidden name beside `name` in `folder`, for a file or folder written before it is
  /// renamed into place.
  static func hiddenName(of name: String, in folder: String) -> String {
    "\(folder)/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
  }

  /// The folder (`.` when none) and the name of a path.
  static func split(_ path: String) -> (folder: String, name: String) {
    guard let slash = path[...].lastIndex(ofByte: UInt8(ascii: "/")) else { return (".", path) }
    return (String(path[..<slash]), String(path[path.index(after: slash)...]))
  }
}

/// A file that could not be written, with the system's reason.
public struct AtomicFileError: Error, LocalizedError, CustomStringConvertible {
  public var path: String
  public var code: Int32
  public var description: String { String(cString: strerror(code)) }
  public var errorDescription: String? { description }
}
