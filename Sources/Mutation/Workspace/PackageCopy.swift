import Foundation

/// A copy of the package that `covgate mutate` may rewrite and build, so the user's sources and
/// build folder stay as they are. Kept between runs: syncing writes only the files that differ,
/// so the copy's build is incremental.
struct PackageCopy {
  /// What is never copied: build output, version control, editors' state.
  static let skippedNames: Set<String> = [
    ".build", ".git", ".swiftpm", "DerivedData", ".DS_Store", ".covgate-mutate",
  ]

  let source: String
  let copy: String

  /// Makes `copy` hold what `source` holds (build output left out); the copy's own `.build`
  /// stays. A file of `replaced` (package-relative) holds the text given instead: the mutated
  /// files keep their schemata, dates included, while they do not change.
  @discardableResult
  func sync(replacing replaced: [String: String] = [:]) throws -> Synced {
    let manager = FileManager.default
    try manager.createDirectory(atPath: copy, withIntermediateDirectories: true)
    var written = 0
    var previous: [String: Data] = [:]
    var wanted = Set<String>()
    try walk("") { relative, isFolder in
      wanted.insert(relative)
      let from = "\(source)/\(relative)"
      let to = "\(copy)/\(relative)"
      if isFolder {
        try manager.createDirectory(atPath: to, withIntermediateDirectories: true)
        return
      }
      if let destination = try? manager.destinationOfSymbolicLink(atPath: from) {
        if (try? manager.destinationOfSymbolicLink(atPath: to)) != destination {
          try? manager.removeItem(atPath: to)
          try manager.createSymbolicLink(atPath: to, withDestinationPath: destination)
          written += 1
        }
        return
      }
      let bytes =
        try replaced[relative].map { Data($0.utf8) }
        ?? Data(contentsOf: URL(fileURLWithPath: from))
      let before = try? Data(contentsOf: URL(fileURLWithPath: to))
      if before != bytes {
        previous[relative] = before
        try? manager.removeItem(atPath: to)
        try bytes.write(to: URL(fileURLWithPath: to))
        written += 1
      }
    }
    try removeStale(in: "", keeping: wanted)
    return Synced(written: written, previous: previous)
  }

  /// What a sync did: how many files it wrote, and the earlier bytes of those it overwrote.
  struct Synced {
    var written: Int
    var previous: [String: Data]
  }

  /// Calls `visit` with each copied path under `relative` (folders before their contents).
  private func walk(_ relative: String, _ visit: (String, Bool) throws -> Void) throws {
    let folder = relative.isEmpty ? source : "\(source)/\(relative)"
    for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    where !Self.skippedNames.contains(name) {
      let path = relative.isEmpty ? name : "\(relative)/\(name)"
      var isFolder: ObjCBool = false
      let isLink =
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(source)/\(path)"))
        != nil
      FileManager.default.fileExists(atPath: "\(source)/\(path)", isDirectory: &isFolder)
      let descends = isFolder.boolValue && !isLink
      try visit(path, descends)
      if descends { try walk(path, visit) }
    }
  }

  /// Removes what the copy holds that the source no longer does (its `.build` stays).
  private func removeStale(in relative: String, keeping wanted: Set<String>) throws {
    let folder = relative.isEmpty ? copy : "\(copy)/\(relative)"
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    where !Self.skippedNames.contains(name) {
      let path = relative.isEmpty ? name : "\(relative)/\(name)"
      if !wanted.contains(path) {
        try FileManager.default.removeItem(atPath: "\(copy)/\(path)")
        continue
      }
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: "\(copy)/\(path)", isDirectory: &isFolder),
        isFolder.boolValue,
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(copy)/\(path)")) == nil
      {
        try removeStale(in: path, keeping: wanted)
      }
    }
  }
}
