import Foundation

extension AtomicFile {
  /// A file to write: its path, and its text in parts made when it is written (on whichever
  /// thread writes it: an HTML report's pages are rendered while others are written).
  public struct Pending: Sendable {
    public var path: String
    /// Makes the file's text.
    let make: @Sendable () -> Contents

    /// A file's text: parts written one after the other, or UTF-8 bytes made whole.
    enum Contents {
      case parts([String])
      case bytes(OwnedBytes)
    }

    public init(path: String, parts: @escaping @Sendable () -> [String]) {
      self.path = path
      self.make = { .parts(parts()) }
    }

    public init(path: String, bytes: @escaping @Sendable () -> OwnedBytes) {
      self.path = path
      self.make = { .bytes(bytes()) }
    }
  }

  /// Writes several files atomically, made and written on every core; an interruption waits
  /// for all of them.
  ///
  /// Every file is written first where no reader looks: the files of a folder that does not
  /// exist yet (a first HTML report, its subfolders inside it) into a hidden folder beside it,
  /// renamed into place whole (one rename instead of one per file); any other file beside its
  /// place, renamed over it only once every file is written. On a failure nothing is replaced
  /// and nothing is left behind.
  public static func write(_ files: [Pending]) throws {
    try FileWrites.whileWriting {
      var staged: [(folder: String, staging: String)] = []
      var written = [String](repeating: "", count: files.count)
      var inStaging = [Bool](repeating: false, count: files.count)
      do {
        let byFolder = Dictionary(grouping: files.indices) { split(files[$0].path).folder }
        // Sorted, so a folder comes before its subfolders.
        for (folder, indices) in byFolder.sorted(by: { $0.key < $1.key }) {
          let staging = try stagedPlace(of: folder, in: staged, fileCount: indices.count)
          if let staging, !staging.insideAnother { staged.append((folder, staging.path)) }
          for index in indices {
            let name = split(files[index].path).name
            inStaging[index] = staging != nil
            written[index] =
              staging.map { "\($0.path)/\(name)" } ?? hiddenName(of: name, in: folder)
          }
        }
        let place = written
        // Made on every core, each handed to one writing thread as soon as it is made: files
        // created in one folder take its lock, which a second thread would spin on.
        let writer = WritingQueue(count: files.count)
        _ = Array(files.indices).concurrentMap { index in
          let contents = files[index].make()
          writer.queue.async {
            do {
              try createMakingFolder(place[index], contents: contents)
            } catch let error as AtomicFileError {
              writer.failures[index] = AtomicFileError(path: files[index].path, code: error.code)
            } catch {
              writer.failures[index] = AtomicFileError(path: files[index].path, code: EIO)
            }
          }
        }
        writer.queue.sync {}
        if let failure = writer.failures.lazy.compactMap({ $0 }).first { throw failure }
        for (folder, staging) in staged { try moveInto(folder, from: staging) }
        for index in files.indices where !inStaging[index] {
          guard replace(files[index].path, with: place[index]) == 0 else {
            throw AtomicFileError(path: files[index].path, code: errno)
          }
          written[index] = ""
        }
      } catch {
        for path in written where !path.isEmpty { unlink(path) }
        for (_, staging) in staged { try? FileManager.default.removeItem(atPath: staging) }
        throw error
      }
    }
  }

  /// Where `folder`'s files are written when `folder` does not exist yet: inside the hidden
  /// folder of a new folder that holds it (made there), or a new hidden folder of its own (for
  /// more than one file); nil when it exists.
  private static func stagedPlace(
    of folder: String, in staged: [(folder: String, staging: String)], fileCount: Int
  ) throws -> (path: String, insideAnother: Bool)? {
    if let outer = staged.last(where: { folder[...].startsWithBytes(of: $0.folder + "/") }) {
      let path = outer.staging + folder.dropFirst(outer.folder.count)
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      return (path, true)
    }
    guard fileCount > 1, let staging = try stagingFolder(for: folder) else { return nil }
    return (staging, false)
  }

  /// A new hidden folder to write `folder`'s files into, when `folder` does not exist yet.
  private static func stagingFolder(for folder: String) throws -> String? {
    var status = stat()
    guard lstat(folder, &status) != 0, errno == ENOENT else { return nil }
    let (parent, name) = split(folder)
    guard !parent.isEmpty else { return nil }
    try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
    let staging = hiddenName(of: name, in: parent)
    guard mkdir(staging, 0o777) == 0 else { throw AtomicFileError(path: folder, code: errno) }
    return staging
  }

  /// Creates `path` with the contents, making its folder first if it is missing.
  private static func createMakingFolder(_ path: String, contents: Pending.Contents) throws {
    func create() throws {
      switch contents {
      case .parts(let parts): try AtomicFile.create(path, parts: parts)
      case .bytes(let bytes): try bytes.withUnsafeBytes { try AtomicFile.create(path, with: $0) }
      }
    }
    do {
      try create()
    } catch let error as AtomicFileError where error.code == ENOENT {
      try FileManager.default.createDirectory(
        atPath: split(path).folder, withIntermediateDirectories: true)
      try create()
    }
  }

  /// Renames the written `staging` folder to `folder`; if a filled `folder` appeared
  /// meanwhile (another covgate writing the same report), moves the files into it one by one,
  /// and each subfolder the same way.
  private static func moveInto(_ folder: String, from staging: String) throws {
    // Replaces nothing but an empty folder made meanwhile; a filled one makes this fail.
    guard rename(staging, folder) != 0 else { return }
    for name in try FileManager.default.contentsOfDirectory(atPath: staging) {
      let (source, destination) = ("\(staging)/\(name)", "\(folder)/\(name)")
      var status = stat()
      if lstat(source, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
        try moveInto(destination, from: source)
        continue
      }
      guard replace(destination, with: source) == 0 else {
        throw AtomicFileError(path: destination, code: errno)
      }
    }
    try? FileManager.default.removeItem(atPath: staging)
  }
}

/// The writing thread's queue and what failed, by file; `failures` is touched only on `queue`
/// (and read after it has drained).
private final class WritingQueue: @unchecked Sendable {
  let queue = DispatchQueue(label: "covgate.atomic-file.writer")
  var failures: [AtomicFileError?]

  init(count: Int) {
    failures = Array(repeating: nil, count: count)
  }
}
