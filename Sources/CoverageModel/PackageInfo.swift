/// What covgate needs to know about what it measures: a SwiftPM package, or a project without
/// `Package.swift` (an Xcode app), its root and its targets.
public struct PackageInfo: Hashable, Sendable, Codable {
  public var name: String
  /// Absolute path of the package root.
  public var root: String
  public var targets: [TargetInfo]
  /// Set for a project without `Package.swift`: its targets are folders, and the folders
  /// Xcode's builds mix in are left out by name.
  public var project: ProjectLayout?

  public init(name: String, root: String, targets: [TargetInfo], project: ProjectLayout? = nil) {
    self.name = name
    self.root = root
    self.targets = targets
    self.project = project
  }
}

/// One target as `swift package describe --type json` reports it.
public struct TargetInfo: Hashable, Sendable, Codable {
  public enum Kind: String, Hashable, Sendable, Codable {
    case library, executable, test, plugin, macro, snippet
    case systemLibrary = "system-target"
    case binary
    case other
  }

  public var name: String
  public var kind: Kind
  /// Package-relative folder of the target, e.g. `Sources/Yams`.
  public var path: String
  /// Package-relative source files.
  public var sources: [String]
  /// Whether the target is C, C++ or Objective-C, which SwiftPM does not instrument.
  public var isClang: Bool
  /// Products that contain the target.
  public var products: [String]
  /// Names of the targets it depends on.
  public var dependencies: [String]
  /// Whether its sources import XCTest or Testing: read from the sources on every run, never
  /// cached or described (see `CodingKeys`).
  public var importsTestFramework = false
  /// Whether the target holds exactly its `sources`, as a producer's report listed them, rather
  /// than whatever lies in its folder: two such targets may share a folder.
  public var holdsListedFilesOnly = false

  enum CodingKeys: String, CodingKey {
    case name, kind, path, sources, isClang, products, dependencies
  }

  public init(
    name: String, kind: Kind, path: String, sources: [String], isClang: Bool = false,
    products: [String] = [], dependencies: [String] = [], importsTestFramework: Bool = false
  ) {
    self.name = name
    self.kind = kind
    self.path = path
    self.sources = sources
    self.isClang = isClang
    self.products = products
    self.dependencies = dependencies
    self.importsTestFramework = importsTestFramework
  }
}

extension PackageInfo {
  /// Targets whose code the gate measures: regular and executable targets, but not tests,
  /// test support, plugins, macros or binaries.
  public var measuredTargets: [TargetInfo] { measuredTargets(naming: []) }

  /// The measured targets; a target the config's layers name is measured whatever it looks like.
  public func measuredTargets(naming named: Set<String>, testSupport: Set<String> = [])
    -> [TargetInfo]
  {
    targets.filter { target in
      guard target.kind == .library || target.kind == .executable else { return false }
      return named.contains(target.name) || testSupportRule(target, named: testSupport) == nil
    }
  }

  /// Why `target` is test support, or `nil` when it is not: a library that the config's
  /// `test_support` names, or one that tests use (and nothing else does), that itself imports
  /// XCTest or Testing and that no product ships. A package may declare no products, so their
  /// absence proves nothing; a library a product ships is the package's code, though, even when
  /// it is a testing library (`swift-property-based`, Nimble) that only its own tests use.
  public func testSupportRule(_ target: TargetInfo, named: Set<String> = []) -> String? {
    guard target.kind == .library else { return nil }
    if named.contains(target.name) { return "named in test_support in the config" }
    guard target.importsTestFramework, target.products.isEmpty,
      isUsedOnlyByTests(target, named: named)
    else { return nil }
    return "only tests use it and it imports XCTest or Testing"
  }

  /// Whether some target depends on `target` and every such target is a test or test support.
  private func isUsedOnlyByTests(_ target: TargetInfo, named: Set<String>) -> Bool {
    let dependents = targets.filter { $0.dependencies.contains(target.name) }
    return !dependents.isEmpty
      && dependents.allSatisfy { $0.kind == .test || testSupportRule($0, named: named) != nil }
  }
}
