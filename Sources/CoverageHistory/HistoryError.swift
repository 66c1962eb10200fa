/// A failure of the history database, with a one-line description naming the file and the fix.
public enum HistoryError: Error, Equatable, Sendable {
  /// The file is not an SQLite database, or its content is corrupt.
  case damaged(path: String, reason: String)
  /// The file or its folder could not be opened or created.
  case cannotOpen(path: String, reason: String)
  /// There is no history database at this path (nothing was recorded yet).
  case notFound(path: String)
  /// The database reported another error (e.g. still locked after the busy timeout).
  case database(path: String, reason: String)
}

extension HistoryError: CustomStringConvertible {
  /// One line: the file, what is wrong, and what to do.
  public var description: String {
    switch self {
    case .damaged(let path, let reason):
      return "history database \(path) is damaged or not an SQLite file (\(reason)); "
        + "delete or move it and covgate starts a new history"
    case .cannotOpen(let path, let reason):
      return "cannot open history database \(path): \(reason); "
        + "check that its folder is writable, set history.path in .covgate.yml, or pass --no-history"
    case .notFound(let path):
      return "no history database at \(path); `covgate run` or `covgate check` records one "
        + "(history.enabled in .covgate.yml)"
    case .database(let path, let reason):
      return "history database \(path): \(reason)"
    }
  }
}
