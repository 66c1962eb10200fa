import Foundation

/// Where the run history is kept, and whether runs are recorded (`history:` in `.covgate.yml`).
public struct HistorySettings: Sendable, Equatable {
  /// The default database path, relative to the package root.
  public static let defaultPath = ".covgate/history.sqlite"

  /// The database file: relative to the package root unless absolute.
  public var path: String
  /// Whether `run` and `check` append to the history.
  public var enabled: Bool

  public init(path: String = HistorySettings.defaultPath, enabled: Bool = true) {
    self.path = path
    self.enabled = enabled
  }

  /// The database file's absolute path for a package at `root`.
  public func resolvedPath(root: String) -> String {
    path.hasPrefix("/") ? path : (root.hasSuffix("/") ? root : root + "/") + path
  }

  /// Where runs of the package at `root` are recorded. A path the config names is used as
  /// given. The default one, `.covgate/history.sqlite`, only once the package has its
  /// `.covgate/` folder (`covgate init` makes it and keeps it out of git): covgate writes nothing
  /// into a package that did not ask. Until then the history lives in covgate's cache folder
  /// for the package; nil when there is none (no history is recorded then).
  public func location(root: String, cacheFolder: String?, packageFolderExists: Bool) -> String? {
    if path != Self.defaultPath || packageFolderExists { return resolvedPath(root: root) }
    return cacheFolder.map { ($0 as NSString).appendingPathComponent("history.sqlite") }
  }

  /// The package folder the default history lives in, relative to the package root.
  public static let packageFolder = ".covgate"
}
