import Foundation
import PackagePlugin

/// The package as covgate's `PackageInfo` (Sources/CoverageModel/PackageInfo.swift) encodes
/// it, built from what SwiftPM tells the plugin, so that covgate need not run
/// `swift package describe` while the outer `swift package` holds the build lock.
///
/// Plugins cannot import covgate's modules, so the JSON shape is repeated here; the plugin's
/// end-to-end test checks it against what `swift package describe` gives covgate.
struct DescribedPackage: Encodable {
  /// One target, in `TargetInfo`'s shape.
  struct Target: Encodable {
    var name: String
    /// `TargetInfo.Kind`'s raw value: library, executable, test, macro, system-target, binary...
    var kind: String
    /// Package-relative folder.
    var path: String
    /// Package-relative source files.
    var sources: [String]
    var isClang: Bool
    /// Products of the package that contain the target, directly or through dependencies.
    var products: [String]
    /// Names of the package's targets it depends on.
    var dependencies: [String]
  }

  var name: String
  var root: String
  var targets: [Target]

  init(_ package: Package) {
    let root = package.directoryURL.standardizedFileURL.path
    name = package.displayName
    self.root = root
    let memberships = Self.productMemberships(package)
    targets = package.targets.map { target in
      Self.describe(target, root: root, products: memberships[target.name] ?? [])
    }
  }

  /// Writes the description as JSON.
  func write(to url: URL) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(self).write(to: url, options: .atomic)
  }

  private static func describe(_ target: any PackagePlugin.Target, root: String, products: [String])
    -> Target
  {
    let dependencies = target.dependencies.compactMap { dependency -> String? in
      if case .target(let other) = dependency { return other.name }
      return nil
    }
    var described = Target(
      name: target.name, kind: "other", path: "", sources: [], isClang: false, products: products,
      dependencies: dependencies)
    switch target {
    case let swift as SwiftSourceModuleTarget:
      described.kind = kind(of: swift.kind, dependsOnCompilerPlugin: swift.dependsOnCompilerPlugin)
      described.path = relative(swift.directoryURL, to: root)
      described.sources = sources(swift.sourceFiles, root: root)
    case let clang as ClangSourceModuleTarget:
      described.kind = kind(of: clang.kind, dependsOnCompilerPlugin: false)
      described.path = relative(clang.directoryURL, to: root)
      described.sources = sources(clang.sourceFiles, root: root)
      described.isClang = true
    case is SystemLibraryTarget:
      described.kind = "system-target"
    case is BinaryArtifactTarget:
      described.kind = "binary"
    default:
      break
    }
    return described
  }

  /// The plugin API knows generic, executable and test modules; a macro is a generic module
  /// that depends on SwiftCompilerPlugin, and covgate must not measure it as a library.
  private static func kind(of kind: ModuleKind, dependsOnCompilerPlugin: Bool) -> String {
    switch kind {
    case .executable: "executable"
    case .test: "test"
    default: dependsOnCompilerPlugin ? "macro" : "library"
    }
  }

  private static func sources(_ files: FileList, root: String) -> [String] {
    files.filter { $0.type == .source }.map { relative($0.url, to: root) }.sorted()
  }

  private static func relative(_ url: URL, to root: String) -> String {
    let path = url.standardizedFileURL.path
    return path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
  }

  /// Like `swift package describe`'s `product_memberships`: each product of the package
  /// contains its targets and every target of the package they depend on.
  private static func productMemberships(_ package: Package) -> [String: [String]] {
    var memberships: [String: [String]] = [:]
    for product in package.products {
      var seen: Set<String> = []
      var pending = product.targets.map { $0 as any PackagePlugin.Target }
      while let target = pending.popLast() {
        guard seen.insert(target.name).inserted else { continue }
        memberships[target.name, default: []].append(product.name)
        for case .target(let dependency) in target.dependencies { pending.append(dependency) }
      }
    }
    return memberships
  }
}

extension SwiftSourceModuleTarget {
  /// Whether the target depends on the SwiftCompilerPlugin product (macro implementations do).
  fileprivate var dependsOnCompilerPlugin: Bool {
    dependencies.contains { dependency in
      if case .product(let product) = dependency { return product.name == "SwiftCompilerPlugin" }
      return false
    }
  }
}
