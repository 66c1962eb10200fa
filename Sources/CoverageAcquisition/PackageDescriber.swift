import CoverageModel
import CovgateSupport
import Foundation

/// Reads a package's targets with `swift package describe --type json`, cached by manifest.
///
/// `describe` costs a quarter of a second or more, so its answer is kept under
/// `.build/covgate/` keyed by the manifests' content; source lists are always read fresh
/// from disk so that a new file is never missed.
public struct PackageDescriber: Sendable {
  let runner: any CommandRunning
  let swift: String

  public init(swift: String, runner: any CommandRunning = LiveCommandRunner()) {
    self.swift = swift
    self.runner = runner
  }

  /// The package at `root` (an absolute path); the description is kept in `cacheFolder`,
  /// keyed by the manifests' contents (the sources are listed afresh every time).
  public func describe(root: String, cacheFolder: String? = nil) throws -> PackageInfo {
    let manifests = try manifestContents(root: root)
    let cacheFile = cacheFolder.map { "\($0)/package-\(fingerprint(manifests)).json" }
    var info: PackageInfo
    if let cacheFile, let cached = try? Data(contentsOf: URL(fileURLWithPath: cacheFile)),
      let decoded = try? JSONDecoder().decode(PackageInfo.self, from: cached), decoded.root == root
    {
      info = decoded
    } else {
      info = try runDescribe(root: root)
      if let cacheFile, let encoded = try? JSONEncoder().encode(info) {
        try? AtomicFile.write(encoded, to: cacheFile)
      }
    }
    info.targets = info.targets.map { target in
      var target = target
      target.sources = SourceLister.sources(in: target.path, root: root) ?? target.sources
      return target
    }
    return info
  }

  private func manifestContents(root: String) throws -> Data {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
    let manifests = names.filter {
      $0 == "Package.swift" || ($0.hasPrefix("Package@") && $0.hasSuffix(".swift"))
    }.sorted()
    guard manifests.contains("Package.swift") else {
      throw ToolchainError.describeFailed(packagePath: root, detail: "there is no Package.swift")
    }
    var data = Data(swift.utf8)
    for name in manifests {
      data.append(contentsOf: Array(name.utf8))
      data.append((try? Data(contentsOf: URL(fileURLWithPath: "\(root)/\(name)"))) ?? Data())
    }
    return data
  }

  private func runDescribe(root: String) throws -> PackageInfo {
    let result = try runner.capture(swift, ["package", "describe", "--type", "json"], in: root)
    guard result.exitCode == 0 else {
      let detail =
        result.stderr.split(separator: "\n").first { $0.contains("error") }
        ?? "exit \(result.exitCode)"
      throw ToolchainError.describeFailed(packagePath: root, detail: String(detail))
    }
    return try Self.parse(Data(result.stdout.utf8), root: root)
  }

  /// Parses `swift package describe --type json` output.
  static func parse(_ data: Data, root: String) throws -> PackageInfo {
    // SwiftPM may print warnings before the JSON document.
    let start = data.firstIndex(of: UInt8(ascii: "{")) ?? data.startIndex
    let described: Described
    do {
      described = try JSONDecoder().decode(Described.self, from: data[start...])
    } catch {
      throw ToolchainError.describeFailed(
        packagePath: root, detail: "unexpected `swift package describe` output")
    }
    let targets = described.targets.map { target in
      TargetInfo(
        name: target.name, kind: TargetInfo.Kind(rawValue: target.type) ?? .other,
        path: target.path,
        sources: target.sources.map { "\(target.path)/\($0)" },
        isClang: target.moduleType == "ClangTarget",
        products: target.productMemberships ?? [],
        dependencies: target.targetDependencies ?? [])
    }
    return PackageInfo(name: described.name, root: root, targets: targets)
  }

  private struct Described: Decodable {
    var name: String
    var targets: [Target]

    struct Target: Decodable {
      var name: String
      var type: String
      var path: String
      var sources: [String]
      var moduleType: String?
      var productMemberships: [String]?
      var targetDependencies: [String]?

      /// `swift package describe --type json` writes its keys in snake case.
      enum CodingKeys: String, CodingKey {
        case name, type, path, sources
        case moduleType = "module_type"
        case productMemberships = "product_memberships"
        case targetDependencies = "target_dependencies"
      }
    }
  }
}
