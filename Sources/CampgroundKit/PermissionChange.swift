/// A file or folder of the campground others could use, made private when the database was
/// opened: its path and its permission bits before and after.
public struct PermissionChange: Equatable, Sendable {
  /// The file or folder.
  public var path: String
  /// Its permission bits before, e.g. 0o644.
  public var oldMode: Int
  /// Its permission bits now, e.g. 0o600.
  public var newMode: Int

  /// Creates a change.
  public init(path: String, oldMode: Int, newMode: Int) {
    self.path = path
    self.oldMode = oldMode
    self.newMode = newMode
  }
}

extension PermissionChange: CustomStringConvertible {
  /// "PATH from 644 to 600".
  public var description: String {
    "\(PlainText.escaped(path)) from \(String(oldMode, radix: 8)) to \(String(newMode, radix: 8))"
  }
}
