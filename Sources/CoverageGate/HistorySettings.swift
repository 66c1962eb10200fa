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
}
