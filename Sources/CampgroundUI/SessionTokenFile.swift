import Foundation

/// The token of this user's ranger session, kept outside the database in a file only its owner
/// can read: the database holds only the token's hash, so a session started here signs in no
/// other user or terminal, and a session row written into the database by hand signs in nobody.
public enum SessionTokenFile {
  /// Overrides where the token is kept.
  public static let environmentVariable = "CAMPGROUND_SESSION_FILE"

  /// `$CAMPGROUND_SESSION_FILE`, else `campground/session-token` in the user's own state folder
  /// (`Environment.stateFolder`: `$XDG_STATE_HOME`, else `~/.local/state`, on Linux).
  public static func url(environment: [String: String], stateFolder: URL) -> URL {
    if let path = environment[environmentVariable], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    return stateFolder.appendingPathComponent("campground").appendingPathComponent(
      "session-token")
  }

  /// Keeps `token`, readable and writable by this user alone.
  public static func write(_ token: String, to url: URL) throws {
    let folder = url.deletingLastPathComponent()
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    // Created with the mode, so the token is never readable by others, not even for a moment.
    FileManager.default.createFile(
      atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600])
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
    try Data(token.utf8).write(to: url)
  }

  /// The token kept here; nil when there is none, or when others could read it (then it may
  /// have been copied, and does not count).
  public static func read(from url: URL) -> String? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
      let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue, mode & 0o077 == 0,
      let data = try? Data(contentsOf: url)
    else { return nil }
    let token = String(decoding: data, as: UTF8.self).trimmingCharacters(
      in: .whitespacesAndNewlines)
    return token.isEmpty ? nil : token
  }

  /// Forgets the token.
  public static func remove(at url: URL) {
    try? FileManager.default.removeItem(at: url)
  }
}
