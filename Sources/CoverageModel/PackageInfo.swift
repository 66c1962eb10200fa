/// What covgate needs to know about a SwiftPM package: its root and its targets.
public struct PackageInfo: Hashable, Sendable, Codable {
  public var name: String
  /// Absolute path of the package root.
  public var root: String
  public var targets: [TargetInfo]

  public init(name: String, root: String, targets: [TargetInfo]) {
    self.name = name
    self.root = root
    self.targets = targets
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

  public init(
    name: String, kind: Kind, path: String, sources: [String], isClang: Bool = false,
    products: [String] = [], dependencies: [String] = []
  ) {
    self.name = name
    self.kind = kind
    self.path = path
    self.sources = sources
    self.isClang = isClang
    self.products = products
    self.dependencies = dependencies
  }
}

extension PackageInfo {
  /// Targets whose code the gate measures: regular and executable targets, but not tests,
  /// test-support targets (in no product, used only by tests), plugins, macros or binaries.
  public var measuredTargets: [TargetInfo] { measuredTargets(naming: []) }

  /// The measured targets, counting a test-support-looking target in when the config names it.
  public func measuredTargets(naming named: Set<String>) -> [TargetInfo] {
    targets.filter { target in
      guard target.kind == .library || target.kind == .executable else { return false }
      return named.contains(target.name) || !isTestSupport(target)
    }
  }

  /// A target in no product that only test targets depend on.
  public func isTestSupport(_ target: TargetInfo) -> Bool {
    guard target.products.isEmpty, target.kind == .library else { return false }
    let dependents = targets.filter { $0.dependencies.contains(target.name) }
    return !dependents.isEmpty && dependents.allSatisfy { $0.kind == .test || isTestSupport($0) }
  }
}
