import Foundation

/// The campground's files belong to the user who runs it: password hashes, salts and campers'
/// phone numbers are nobody else's to read. The database and the files SQLite keeps beside it
/// (`-journal`, `-wal`, `-shm`) are 600, its folder 700.
///
/// The database file is created empty with its mode before SQLite opens it, so it is never
/// readable by others, not even for a moment (SQLite would create it with the umask's mode,
/// usually 644); SQLite makes its journal files with the database file's mode. Files made
/// before this rule are tightened when opened. The folder is the user's own choice when the
/// database was named (`--database`, `$CAMPGROUND_DATABASE`): folders created for it are 700,
/// but an existing one is tightened only when it is the campground's own (`ownsFolder`).
enum PrivateFiles {
  /// The mode of the database and its journal files: read and write for the owner alone.
  static let fileMode = 0o600
  /// The mode of the campground's folder: the owner alone may list or enter it.
  static let folderMode = 0o700
  /// The files SQLite keeps beside a database, by suffix.
  static let companions = ["-journal", "-wal", "-shm"]

  /// Makes the database file at `url` and its folder private, creating what is missing;
  /// returns what was tightened, nothing when all was already private.
  static func prepare(databaseAt url: URL, ownsFolder: Bool) throws -> [PermissionChange] {
    let folder = url.deletingLastPathComponent()
    var changes: [PermissionChange] = []
    if FileManager.default.fileExists(atPath: folder.path) {
      if ownsFolder, let change = try tighten(folder.path, to: folderMode) {
        changes.append(change)
      }
    } else {
      try createFolders(folder)
    }
    try createFile(url.path)
    for path in [url.path] + companions.map({ url.path + $0 }) {
      if let change = try tighten(path, to: fileMode) { changes.append(change) }
    }
    return changes
  }

  /// Creates `folder` and each missing folder above it, 700.
  private static func createFolders(_ folder: URL) throws {
    var missing: [URL] = []
    var current = folder
    while !FileManager.default.fileExists(atPath: current.path) {
      missing.append(current)
      let parent = current.deletingLastPathComponent()
      guard parent.path != current.path else { break }
      current = parent
    }
    for folder in missing.reversed() {
      do {
        try FileManager.default.createDirectory(
          at: folder, withIntermediateDirectories: false,
          attributes: [.posixPermissions: folderMode])
      } catch {
        // Another terminal made it first: then it is there, and a folder.
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder),
          isFolder.boolValue
        else { throw error }
      }
      _ = try tighten(folder.path, to: folderMode)
    }
  }

  /// Creates the empty file at `path`, 600, unless it exists.
  private static func createFile(_ path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    if descriptor >= 0 {
      close(descriptor)
      return
    }
    let code = errno
    guard code == EEXIST else {
      throw CampgroundError.cannotOpenDatabase(path: path, reason: String(cString: strerror(code)))
    }
  }

  /// Clears the bits of `path`'s mode that `mode` lacks (it never adds any); the change made,
  /// or nil when there was nothing to clear or no such file.
  private static func tighten(_ path: String, to mode: Int) throws -> PermissionChange? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      let current = (attributes[.posixPermissions] as? NSNumber)?.intValue
    else { return nil }
    let old = current & 0o777
    let new = old & mode
    guard new != old else { return nil }
    do {
      try FileManager.default.setAttributes([.posixPermissions: new], ofItemAtPath: path)
    } catch {
      throw CampgroundError.cannotOpenDatabase(
        path: path,
        reason: "others can use it (mode \(String(old, radix: 8))) and it cannot be made private")
    }
    return PermissionChange(path: path, oldMode: old, newMode: new)
  }
}
