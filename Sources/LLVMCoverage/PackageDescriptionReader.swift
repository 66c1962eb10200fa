import CoverageModel
import Foundation

/// Reads a package description (`PackageInfo` as JSON, the `--package-description` file) with
/// the export reader's byte scanner: a package of 50,000 sources in a few milliseconds.
///
/// It takes only what `PackageInfo`'s `Codable` conformance takes (every key present once,
/// each of its type; other keys skipped) and answers `nil` for anything else, so that the
/// caller's `JSONDecoder` reads that instead and names the mistake.
public enum PackageDescriptionReader {
  public static func read(_ data: Data) -> PackageInfo? {
    data.withUnsafeBytes { raw in
      var scanner = JSONScanner(bytes: raw.bindMemory(to: UInt8.self))
      guard let info = try? readPackage(&scanner), scanner.isAtEnd else { return nil }
      return info
    }
  }

  private static func readPackage(_ scanner: inout JSONScanner) throws -> PackageInfo? {
    var (name, root, targets): (String?, String?, [TargetInfo]?) = (nil, nil, nil)
    var duplicate = false
    try scanner.readObject { scanner, key in
      if key == "name" {
        duplicate = duplicate || name != nil
        name = try scanner.readString()
      } else if key == "root" {
        duplicate = duplicate || root != nil
        root = try scanner.readString()
      } else if key == "targets" {
        duplicate = duplicate || targets != nil
        var read: [TargetInfo] = []
        try scanner.readArray { scanner in
          guard let target = try readTarget(&scanner) else { throw scanner.error("a target") }
          read.append(target)
        }
        targets = read
      }
    }
    guard !duplicate, let name, let root, let targets else { return nil }
    return PackageInfo(name: name, root: root, targets: targets)
  }

  private static func readTarget(_ scanner: inout JSONScanner) throws -> TargetInfo? {
    var (name, kind, path): (String?, TargetInfo.Kind?, String?) = (nil, nil, nil)
    var (sources, products, dependencies): ([String]?, [String]?, [String]?) = (nil, nil, nil)
    var isClang: Bool?
    var seen = 0
    try scanner.readObject { scanner, key in
      seen += 1
      if key == "name" {
        name = try scanner.readString()
      } else if key == "kind" {
        kind = TargetInfo.Kind(rawValue: try scanner.readString())
        if kind == nil { throw scanner.error("a target kind") }
      } else if key == "path" {
        path = try scanner.readString()
      } else if key == "sources" {
        sources = try readStrings(&scanner)
      } else if key == "isClang" {
        isClang = try scanner.readBool()
      } else if key == "products" {
        products = try readStrings(&scanner)
      } else if key == "dependencies" {
        dependencies = try readStrings(&scanner)
      } else {
        seen -= 1
      }
    }
    guard seen == 7, let name, let kind, let path, let sources, let isClang, let products,
      let dependencies
    else { return nil }
    return TargetInfo(
      name: name, kind: kind, path: path, sources: sources, isClang: isClang, products: products,
      dependencies: dependencies)
  }

  private static func readStrings(_ scanner: inout JSONScanner) throws -> [String] {
    var strings: [String] = []
    try scanner.readArray { strings.append(try $0.readString()) }
    return strings
  }
}
