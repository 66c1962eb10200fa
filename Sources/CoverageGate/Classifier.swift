import CoverageModel
import CovgateSupport
import Foundation

/// Why files cannot be put into layers.
public struct ClassifyError: Error, Equatable, CustomStringConvertible {
  public var message: String
  public var description: String { message }
}

/// Puts each kept file and each target without data into exactly one layer.
public struct Classifier: Sendable {
  /// The layer of targets that no layer matches when the config has no default layer.
  public static let unassigned = "unassigned"

  public let config: GateConfig
  public let package: PackageInfo

  public init(config: GateConfig, package: PackageInfo) {
    self.config = config
    self.package = package
  }

  /// The layer of `file` (package-relative) in `target`.
  public func layer(target: TargetInfo, file: String?) throws -> String {
    // Asked for every file: the layers are walked in place, no list made unless two match.
    var first: Int?
    for index in config.layers.indices {
      let layer = config.layers[index]
      guard !layer.isDefault, layer.matches(target: target, file: file) else { continue }
      guard first == nil else { throw conflict(target: target, file: file) }
      first = index
    }
    if let first { return config.layers[first].name }
    return config.layers.first(where: \.isDefault)?.name ?? Self.unassigned
  }

  /// The error of a file (or target) that several layers claim.
  private func conflict(target: TargetInfo, file: String?) -> ClassifyError {
    let matching = config.layers.filter { !$0.isDefault && $0.matches(target: target, file: file) }
    let names = matching.map { "'\($0.name)'" }.joined(separator: " and ")
    return ClassifyError(
      message:
        "\(config.source ?? "the config"): \(file ?? "target \(target.name)") is in both layers \(names); make the layers' targets, paths and kinds disjoint"
    )
  }

  /// Assigns layers to the scoped files and describes the targets without data.
  public func classify(_ scope: ScopeResult) throws -> (
    files: [ScopedFile], targetsWithoutData: [TargetWithoutData]
  ) {
    var scope = scope
    let missing = try classify(&scope)
    return (scope.files, missing)
  }

  /// Gives each file of `scope` its layer in place (no copy of each of tens of thousands of
  /// files); the targets without data, with their layers.
  public func classify(_ scope: inout ScopeResult) throws -> [TargetWithoutData] {
    let targets = Dictionary(package.targets.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    if config.layers.contains(where: { !$0.paths.isEmpty }) {
      // Path globs: each file's own layer, matched on every core; the first error in order.
      let layers = scope.files.concurrentMap { file in
        Result { try targets[file.target].map { try layer(target: $0, file: file.path) } }
      }
      for index in scope.files.indices {
        if let layer = try layers[index].get() { scope.files[index].layer = layer }
      }
    } else {
      // A file's layer is its target's: decided once per target, looked up once per run of
      // files in one target.
      var layerOfTarget: [String: String] = [:]
      for index in scope.files.indices {
        let target = scope.files[index].target
        if index > 0, scope.files[index - 1].target == target {
          scope.files[index].layer = scope.files[index - 1].layer
        } else if let known = layerOfTarget[target] {
          scope.files[index].layer = known
        } else if let info = targets[target] {
          scope.files[index].layer = try layer(target: info, file: nil)
          layerOfTarget[target] = scope.files[index].layer
        }
      }
    }
    let missing = try scope.targetsWithoutData.map { target in
      let lines = target.sources.reduce(0) { $0 + SourceLines.count(package.root + "/" + $1) }
      return TargetWithoutData(
        name: target.name, layer: try layer(target: target, file: nil), path: target.path,
        sourceFiles: target.sources.count, sourceLines: lines,
        reason: target.isClang
          ? "C-family target: SwiftPM does not instrument it"
          : "no test links it, or its code is compiled out")
    }
    return missing
  }
}

/// Counts the lines of a source file (0 when unreadable).
public enum SourceLines {
  /// The lines of the file at `path` (0 when unreadable).
  public static func count(_ path: String) -> Int {
    FileManager.default.contents(atPath: path).map(count(in:)) ?? 0
  }

  /// The lines of `data`: a last line without a newline counts too.
  public static func count(in data: Data) -> Int {
    guard !data.isEmpty else { return 0 }
    let newlines = data.withUnsafeBytes { bytes in
      bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }
    return data.last == UInt8(ascii: "\n") ? newlines : newlines + 1
  }
}
