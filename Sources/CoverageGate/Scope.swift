import CoverageModel
import CovgateSupport
import Foundation

/// The package's own sources out of an export, each with its target; everything else excluded
/// with a reason.
public struct ScopeResult: Sendable {
  /// Kept files (layer not yet assigned), sorted by path.
  public var files: [ScopedFile]
  public var excluded: [ExcludedFile]
  /// Measured targets with no kept file at all.
  public var targetsWithoutData: [TargetInfo]
}

/// Why the data cannot be scoped to the package.
public enum ScopeError: Error, Equatable, CustomStringConvertible {
  /// `leftOut`: each package target (or exclude glob) whose files the data has but a rule left
  /// out, with the rule.
  case noPackageFiles(root: String, example: String?, leftOut: [String] = [])
  case noData

  public var description: String {
    switch self {
    case .noPackageFiles(let root, _, let leftOut) where !leftOut.isEmpty:
      "the coverage data covers none of the package's measured sources under \(root): it left out "
        + leftOut.joined(separator: "; ")
        + "; to measure a target, name it in a layer of the config (or narrow `exclude`)"
    case .noPackageFiles(let root, let example, _):
      "the coverage data covers none of the package's sources under \(root)"
        + (example.map { " (it has e.g. \($0))" } ?? "")
        + "; pass --path-map OLD=\(root) if it was made elsewhere, or the right --package-path"
    case .noData:
      "the coverage data holds no files; run the tests with coverage again"
    }
  }
}

/// Keeps the package's own measured sources.
public struct Scoper: Sendable {
  public let package: PackageInfo
  public let exclude: [Glob]
  /// Targets measured whatever they look like, because the config names them.
  public let namedTargets: Set<String>
  /// Targets the config's `test_support` names.
  public let testSupport: Set<String>

  private let lookup: TargetLookup
  private let measuredTargets: [TargetInfo]

  /// Resolves symlinks on disk; `nil` scopes by the paths' text alone.
  public let links: (any SymlinkResolving)?

  public init(
    package: PackageInfo, exclude: [Glob], namedTargets: Set<String> = [],
    testSupport: Set<String> = [], links: (any SymlinkResolving)? = nil
  ) {
    self.package = package
    self.exclude = exclude
    self.namedTargets = namedTargets
    self.testSupport = testSupport
    self.links = links
    self.lookup = TargetLookup(package.targets)
    self.measuredTargets = package.measuredTargets(naming: namedTargets, testSupport: testSupport)
  }

  /// Scopes `data`, first rewriting paths with `pathMaps` (or a detected prefix when none given).
  public func scope(_ data: CoverageData, pathMaps: [PathMap]) throws -> ScopeResult {
    guard !data.files.isEmpty else { throw ScopeError.noData }
    let maps = maps(for: data, given: pathMaps)
    let root = LexicalPath.normalized(package.root)
    let realRoot = links?.realPath(root) ?? root
    let measured = Set(measuredTargets.map(\.name))

    let folders = Folders(root: root, realRoot: realRoot)
    // Each file placed on every core (a lookup and a glob apiece), then gathered in order,
    // each placement moved (not copied) into its list.
    var kept: [ScopedFile] = []
    kept.reserveCapacity(data.files.count)
    var excluded: [ExcludedFile] = []
    var leftOut = Set<String>()
    var outside = 0
    data.files.concurrentMap(
      state: { PlacementMemo() },
      { memo, file in place(file, maps: maps, measured: measured, folders: folders, memo: &memo) },
      thenInOrder: { placement in
        switch placement {
        case .kept(let file):
          kept.append(file)
        case .excluded(let file, let rule, let isOutside):
          excluded.append(file)
          if let rule { leftOut.insert(rule) }
          if isOutside { outside += 1 }
        }
      })
    if let links {
      outside += confine(&kept, into: &excluded, links: links, folders: folders)
    }
    guard !kept.isEmpty else {
      throw ScopeError.noPackageFiles(
        root: root,
        example: data.files.first { !$0.path.contains("/.build/") }?.path ?? data.files.first?.path,
        leftOut: leftOut.sorted()
          + (leftOut.isEmpty || outside == 0 ? [] : ["\(outside) files outside the package"]))
    }
    // Targets come in runs of files: one insertion a run.
    var withData = Set<String>()
    for index in kept.indices where index == 0 || kept[index - 1].target != kept[index].target {
      withData.insert(kept[index].target)
    }
    let missing = measuredTargets.filter { !withData.contains($0.name) }
    // Mostly in order already (the export's order, one prefix less): sorted only if not.
    if !kept.indices.dropFirst().allSatisfy({ kept[$0 - 1].path <= kept[$0].path }) {
      kept.sort { $0.path < $1.path }
    }
    return ScopeResult(
      files: kept,
      excluded: excluded.sorted { $0.path < $1.path }, targetsWithoutData: missing)
  }

  /// Which of `data`'s files `scope` leaves out by their path alone, in the files' order: what
  /// their coverage or the disk holds changes nothing (a file kept here may still be left out
  /// as a symlink out of the package).
  public func leavesOut(_ data: CoverageData, pathMaps: [PathMap]) -> [Bool] {
    let maps = maps(for: data, given: pathMaps)
    let root = LexicalPath.normalized(package.root)
    let folders = Folders(root: root, realRoot: root)
    let measured = Set(measuredTargets.map(\.name))
    var memo = PlacementMemo()
    return data.files.map { file in
      guard case .kept = place(file, maps: maps, measured: measured, folders: folders, memo: &memo)
      else { return true }
      return false
    }
  }

  /// The path maps given, or the one detected from the data's paths when none are.
  private func maps(for data: CoverageData, given pathMaps: [PathMap]) -> [PathMap] {
    pathMaps.isEmpty
      ? PathMap.detect(paths: data.files.map(\.path), package: package, links: links).map { [$0] }
        ?? []
      : pathMaps
  }

  /// The package's root as written and with symlinks resolved, each with a final slash.
  private struct Folders: Sendable {
    let root: String
    let realRoot: String
    let rootFolder: String
    let realRootFolder: String

    init(root: String, realRoot: String) {
      self.root = root
      self.realRoot = realRoot
      rootFolder = root + "/"
      realRootFolder = realRoot + "/"
    }
  }

  /// What placing the last file found out about its folder, kept for the next file (a
  /// report's files come in runs of one folder).
  private struct PlacementMemo {
    var target = TargetLookup.Memo()
    var layout = ProjectLayout.FolderMemo()
  }

  /// Where one file goes: kept, or excluded with its reason (and the rule that left a package
  /// file out, and whether it lies outside the package).
  private enum Placement: Sendable {
    case kept(ScopedFile)
    case excluded(ExcludedFile, leftOut: String?, outside: Bool)
  }

  private func place(
    _ file: FileCoverage, maps: [PathMap], measured: Set<String>, folders: Folders,
    memo: inout PlacementMemo
  ) -> Placement {
    // `..` is resolved first: a path that climbs out of the package is not a package file.
    let path = LexicalPath.normalized(maps.reduce(file.path) { $1.apply($0) })
    // Bytes, as the file system compares paths (and a `Character` walk costs per file).
    guard path[...].startsWithBytes(of: folders.rootFolder) else {
      return .excluded(
        ExcludedFile(
          path: path,
          reason: package.project == nil
            ? "outside the package (a dependency or the toolchain)"
            : ProjectLayout.reasonFromXcode(path).map { "outside the project: \($0)" }
              ?? "outside the project (a dependency or the toolchain)"),
        leftOut: nil, outside: true)
    }
    let relative = String(Substring(path.utf8.dropFirst(folders.rootFolder.utf8.count)))
    if relative.hasPrefix(".build/") {
      return .excluded(
        ExcludedFile(path: relative, reason: Self.buildOutputReason(relative)), leftOut: nil,
        outside: false)
    }
    if package.project != nil,
      let reason = ProjectLayout.reasonLeftOut(relative, memo: &memo.layout)
    {
      return .excluded(ExcludedFile(path: relative, reason: reason), leftOut: nil, outside: false)
    }
    guard let target = lookup.target(of: relative, memo: &memo.target) else {
      return .excluded(
        ExcludedFile(path: relative, reason: noTargetReason), leftOut: nil, outside: false)
    }
    guard measured.contains(target.name) else {
      let reason = reason(notMeasuring: target)
      return .excluded(
        ExcludedFile(path: relative, reason: reason), leftOut: reason, outside: false)
    }
    if let glob = exclude.first(where: { $0.matches(relative) }) {
      let reason = "excluded by '\(glob.pattern)' in the config"
      return .excluded(
        ExcludedFile(path: relative, reason: reason), leftOut: "files \(reason)", outside: false)
    }
    // The file keeps the export's own path, which its function records name.
    return .kept(ScopedFile(path: relative, target: target.name, layer: "", coverage: file))
  }

  /// Moves the kept files whose real path (symlinks resolved) lies outside the package to the
  /// excluded ones, and counts them: one batch for all files, so the resolver shares no lock
  /// between files.
  private func confine(
    _ kept: inout [ScopedFile], into excluded: inout [ExcludedFile], links: any SymlinkResolving,
    folders: Folders
  ) -> Int {
    let reals = links.realPaths(ofRelative: kept.map(\.path), under: folders.root)
    var outside = Set<Int>()
    for (index, real) in reals.enumerated() {
      guard let real, real != folders.realRoot,
        !real[...].startsWithBytes(of: folders.realRootFolder)
      else { continue }
      outside.insert(index)
      excluded.append(
        ExcludedFile(
          path: kept[index].path, reason: "outside the package (a symlink to \(real))"))
    }
    guard !outside.isEmpty else { return 0 }
    kept = kept.indices.filter { !outside.contains($0) }.map { kept[$0] }
    return outside.count
  }

  /// Why a file under `.build/` is not measured: a dependency, or which part of the build made it.
  static func buildOutputReason(_ relative: String) -> String {
    if relative.contains("/checkouts/") { return "a dependency" }
    if relative.hasSuffix("/resource_bundle_accessor.swift") {
      return "generated by the build (a target's resource accessor)"
    }
    if relative.contains("/plugins/outputs/") { return "generated by the build (a build plugin)" }
    return "generated by the build (test runner)"
  }

  /// Why a package-relative file that has no kept coverage is not in the figures.
  public func reasonUnmeasured(_ relative: String) -> String {
    if relative.hasPrefix(".build/") { return "generated by the build" }
    if package.project != nil, let reason = ProjectLayout.reasonLeftOut(relative) { return reason }
    if let glob = exclude.first(where: { $0.matches(relative) }) {
      return "excluded by '\(glob.pattern)' in the config"
    }
    guard let target = lookup.target(of: relative) else { return noTargetReason }
    guard measuredTargets.contains(where: { $0.name == target.name }) else {
      return reason(notMeasuring: target)
    }
    return target.isClang
      ? "C-family target: SwiftPM does not instrument it"
      : "no coverage data (no executable code, or not built by the tests)"
  }

  /// Why a file in no target's folder is left out.
  private var noTargetReason: String {
    package.project == nil
      ? "in no target of the package"
      : "in no target of the project (name its folder in the config's project.targets)"
  }

  private func reason(notMeasuring target: TargetInfo) -> String {
    switch target.kind {
    case .test: "test target \(target.name)"
    case .plugin: "plugin target \(target.name)"
    case .macro: "macro target \(target.name)"
    case .library:
      package.testSupportRule(target, named: testSupport).map {
        "test-support target \(target.name) (\($0))"
      }
        ?? "target \(target.name) is not measured"
    default: "target \(target.name) is not measured"
    }
  }
}
