import CoverageModel
import Foundation

/// Describes a project without `Package.swift` (an Xcode app, a Bazel workspace) as covgate
/// measures it: targets are folders, named in the config (`project.targets`), else each Bazel
/// package's folder in a Bazel workspace, else each top-level folder with sources; a
/// folder named like a test bundle (`AppTests`, `AppUITests`) is a test target.
public enum ProjectDescriber {
  /// Whether `root` is a SwiftPM package (then `swift package describe` describes it).
  public static func isPackage(root: String) -> Bool {
    FileManager.default.fileExists(atPath: "\(root)/Package.swift")
  }

  /// The project at `root` (absolute); `targets` are the config's name-to-folder pairs.
  ///
  /// - Throws: `ProjectError` when a named folder is missing or no target is found at all.
  public static func describe(root: String, targets named: [(name: String, folder: String)])
    throws -> PackageInfo
  {
    for (name, folder) in named {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: "\(root)/\(folder)", isDirectory: &isFolder),
        isFolder.boolValue
      else { throw ProjectError.missingFolder(root: root, target: name, folder: folder) }
    }
    let entries = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).sorted()
    let bundles = entries.filter { $0.hasSuffix(".xcworkspace") || $0.hasSuffix(".xcodeproj") }
    let folders =
      !named.isEmpty
      ? named
      : isBazelWorkspace(root: root)
        ? bazelPackages(root: root).map { (name: $0, folder: $0) }
        : entries.filter { isCandidateFolder($0, root: root) }.map { (name: $0, folder: $0) }
    let targets = folders.compactMap { name, folder -> TargetInfo? in
      let sources = SourceLister.sources(in: folder, root: root) ?? []
      // A folder found by looking must hold sources (Swift, Objective-C, C or C++: xccov and
      // llvm-cov measure them all); one the config names is kept regardless.
      guard !named.isEmpty || !sources.isEmpty else { return nil }
      let isTest =
        ProjectLayout.isTestFolder(Substring(name)) || ProjectLayout.isTestFolder(Substring(folder))
      return TargetInfo(name: name, kind: isTest ? .test : .library, path: folder, sources: sources)
    }
    // A workspace names the project best; else the project file; else the folder.
    let name =
      (bundles.first { $0.hasSuffix(".xcworkspace") } ?? bundles.first).map {
        ($0 as NSString).deletingPathExtension
      } ?? (root as NSString).lastPathComponent
    guard targets.contains(where: { $0.kind != .test }) else {
      throw ProjectError.noTargets(root: root)
    }
    return PackageInfo(
      name: name, root: root, targets: targets, project: ProjectLayout(xcodeProjects: bundles))
  }

  /// Whether `root` is a Bazel workspace (`MODULE.bazel`, `WORKSPACE` or `WORKSPACE.bazel`).
  public static func isBazelWorkspace(root: String) -> Bool {
    ["MODULE.bazel", "WORKSPACE", "WORKSPACE.bazel"].contains {
      FileManager.default.fileExists(atPath: "\(root)/\($0)")
    }
  }

  /// The workspace's Bazel packages (folders with a `BUILD` or `BUILD.bazel` file), relative
  /// and sorted: each is a target, named by its folder as its label is (`//Modules/Login`).
  /// Bazel's output links (`bazel-*`), `external` and hidden folders are not looked into.
  static func bazelPackages(root: String) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
    var packages: [String] = []
    while let path = walker.nextObject() as? String {
      let name = (path as NSString).lastPathComponent
      if name.hasPrefix(".")
        || (!path.contains("/") && (name.hasPrefix("bazel-") || name == "external"))
      {
        walker.skipDescendants()
        continue
      }
      if name == "BUILD" || name == "BUILD.bazel" {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { packages.append(folder) }
      }
    }
    return packages.sorted()
  }

  /// A top-level folder that may be a target: visible, not a bundle, not build output or a
  /// dependency folder.
  private static func isCandidateFolder(_ name: String, root: String) -> Bool {
    guard !name.hasPrefix("."), !name.contains("."), !ProjectLayout.isXcodeFolder(Substring(name))
    else { return false }
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: "\(root)/\(name)", isDirectory: &isFolder)
      && isFolder.boolValue
  }
}

/// A project root covgate cannot describe.
public enum ProjectError: Error, Equatable, CustomStringConvertible {
  case missingFolder(root: String, target: String, folder: String)
  case noTargets(root: String)

  public var description: String {
    switch self {
    case .missingFolder(let root, let target, let folder):
      "project.targets.\(target): there is no folder \(folder) in \(root); name a folder of the project"
    case .noTargets(let root):
      "\(root) has no Package.swift and no folder with sources (Swift, Objective-C, C, C++) outside tests; point --package-path at the package or project root, or name the targets in the config's project.targets"
    }
  }
}
