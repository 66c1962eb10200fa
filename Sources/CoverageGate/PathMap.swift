import CoverageModel

/// Rewrites the path prefix of exports made on another machine (`--path-map OLD=NEW`).
public struct PathMap: Sendable, Equatable {
  public var old: String
  public var new: String

  public init(old: String, new: String) {
    self.old = Self.trimmed(WindowsPath.slashed(old))
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

  /// The path with `old` replaced by `new`, or the path unchanged; compared as bytes, as the
  /// file system compares paths (and as this runs for every file of a report).
  public func apply(_ path: String) -> String {
    let bytes = path.utf8
    guard bytes.starts(with: old.utf8) else { return path }
    let rest = bytes.dropFirst(old.utf8.count)
    guard rest.isEmpty || rest.first == UInt8(ascii: "/") else { return path }
    return new + String(Substring(rest))
  }

  /// Finds where the package's folders sit in exported paths: the prefix before the most
  /// common target folder (e.g. `/home/runner/work/Yams/Yams` before `/Sources/Yams/`). A folder
  /// may occur twice in a path (an Xcode project keeps its sources in a folder named as the
  /// project's: `/Users/dev/App/App/`): each place votes, and with `links` (the disk) the
  /// prefix under which most of the paths exist on this machine wins, votes breaking ties.
  public static func detect(
    paths: [String], package: PackageInfo, links: (any SymlinkResolving)? = nil
  ) -> PathMap? {
    let root = trimmed(package.root)
    let rootFolder = root + "/"
    guard !paths.contains(where: { $0.utf8.starts(with: rootFolder.utf8) }) else { return nil }
    let folders = package.targets.map { Array(("/" + $0.path + "/").utf8) }.filter { $0.count > 2 }
    let buildFolder = Array("/.build/".utf8)
    // Votes per prefix; the paths of a report come in runs of one prefix, so the last one is
    // compared first, and a prefix becomes a `String` once, at the end.
    var votes: [[UInt8]: Int] = [:]
    var last: (prefix: [UInt8], votes: Int)?
    for path in paths {
      var path = path
      path.withUTF8 { bytes in
        guard Self.starts(of: buildFolder, in: bytes).isEmpty else { return }
        // The longest target folder found in the path decides its prefix; bytes, as paths are
        // compared (a `String` search per path and folder costs more than the rest of a scope).
        var longest: (count: Int, starts: [Int]) = (0, [])
        for folder in folders where folder.count > longest.count {
          let starts = Self.starts(of: folder, in: bytes)
          if !starts.isEmpty { longest = (folder.count, starts) }
        }
        for start in longest.starts {
          let prefix = UnsafeBufferPointer(rebasing: bytes[..<start])
          if let run = last, run.prefix.elementsEqual(prefix) {
            last?.votes += 1
            continue
          }
          if let run = last { votes[run.prefix, default: 0] += run.votes }
          last = (Array(prefix), 1)
        }
      }
    }
    if let run = last { votes[run.prefix, default: 0] += run.votes }
    let counted = Dictionary(
      votes.map { (String(decoding: $0.key, as: UTF8.self), $0.value) }, uniquingKeysWith: +)
    let ranked = counted.filter { !$0.key.isEmpty }.sorted {
      ($0.value, $1.key) > ($1.value, $0.key)
    }
    guard var best = ranked.first?.key else { return nil }
    if let links, ranked.count > 1 {
      // A sample of the paths, spread over the data, is enough to tell the prefixes apart.
      let step = max(1, paths.count / 200)
      let sample = stride(from: 0, to: paths.count, by: step).map { paths[$0] }
      func existing(_ prefix: String) -> Int {
        let map = PathMap(old: prefix, new: root)
        return sample.count { $0.hasPrefix(prefix + "/") && links.realPath(map.apply($0)) != nil }
      }
      let counts = ranked.prefix(4).map { (prefix: $0.key, existing: existing($0.key)) }
      if let most = counts.max(by: { $0.existing < $1.existing }), most.existing > 0 {
        best = counts.first { $0.existing == most.existing }!.prefix
      }
    }
    return PathMap(old: best, new: root)
  }

  /// Where `needle` starts in `bytes`, each place (overlapping ones included).
  static func starts(of needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
    guard needle.count <= bytes.count, let first = needle.first else { return [] }
    var found: [Int] = []
    var index = 0
    while index + needle.count <= bytes.count {
      if bytes[index] == first, bytes[index..<index + needle.count].elementsEqual(needle) {
        found.append(index)
      }
      index += 1
    }
    return found
  }

  private static func trimmed(_ path: String) -> String {
    path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
  }
}
