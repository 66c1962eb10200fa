import CoverageModel

/// Rewrites the path prefix of exports made on another machine (`--path-map OLD=NEW`).
public struct PathMap: Sendable, Equatable {
  public var old: String
  public var new: String

  public init(old: String, new: String) {
    self.old = Self.trimmed(old)
    self.new = Self.trimmed(new)
  }

  /// Parses `OLD=NEW`; `nil` when either side is empty.
  public init?(argument: String) {
    guard let separator = argument.firstIndex(of: "=") else { return nil }
    let old = String(argument[..<separator])
    let new = String(argument[argument.index(after: separator)...])
    guard !old.isEmpty, !new.isEmpty else { return nil }
    self.init(old: old, new: new)
  }

  /// The path with `old` replaced by `new`, or the path unchanged.
  public func apply(_ path: String) -> String {
    guard path == old || path.hasPrefix(old + "/") else { return path }
    return new + path.dropFirst(old.count)
  }

  /// Finds where the package's folders sit in exported paths: the prefix before the most
  /// common target folder (e.g. `/home/runner/work/Yams/Yams` before `/Sources/Yams/`).
  public static func detect(paths: [String], package: PackageInfo) -> PathMap? {
    let root = trimmed(package.root)
    guard !paths.contains(where: { $0.hasPrefix(root + "/") }) else { return nil }
    let folders = package.targets.map { "/" + $0.path + "/" }.filter { $0.count > 2 }
    var votes: [String: Int] = [:]
    for path in paths where !path.contains("/.build/") {
      // The longest target folder found in the path decides its prefix.
      guard let folder = folders.filter({ path.contains($0) }).max(by: { $0.count < $1.count }),
        let range = path.range(of: folder, options: .backwards)
      else { continue }
      votes[String(path[..<range.lowerBound]), default: 0] += 1
    }
    guard let best = votes.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }), !best.key.isEmpty
    else {
      return nil
    }
    return PathMap(old: best.key, new: root)
  }

  private static func trimmed(_ path: String) -> String {
    path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
  }
}
