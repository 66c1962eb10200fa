import CoverageModel
import CovgateSupport
import Foundation

/// Finds the library targets that import XCTest or Testing, which is what makes a target that
/// only tests use test support (`PackageInfo.testSupportRule`).
///
/// Only the targets that could be test support are read: libraries that no product ships, that
/// something depends on and whose every dependent is a test or such a library.
public enum TestFrameworkImports {
  static let modules = ["XCTest", "Testing"]

  /// `package` with `importsTestFramework` set on every target that could be test support,
  /// each source's text (by package-relative path) from `text` (the run's sources, read once).
  public static func marked(_ package: PackageInfo, text: (String) -> String?) -> PackageInfo {
    var package = package
    let candidates = candidates(package.targets)
    for index in package.targets.indices where candidates.contains(package.targets[index].name) {
      package.targets[index].importsTestFramework = imports(
        modules, inAnySourceOf: package.targets[index], text: text)
    }
    return package
  }

  /// Whether a Swift source of `target` imports one of `modules`.
  private static func imports(
    _ modules: [String], inAnySourceOf target: TargetInfo, text: (String) -> String?
  ) -> Bool {
    target.sources.contains { source in
      source.hasSuffix(".swift")
        && text(source).map { text in
          var text = text
          // Searched in place: the text is read from a file, its bytes contiguous already.
          return text.withUTF8 { imports(modules, in: $0) }
        } == true
    }
  }

  /// Libraries no product ships, with dependents that are all tests or other candidates (the
  /// largest such set).
  static func candidates(_ targets: [TargetInfo]) -> Set<String> {
    let tests = Set(targets.filter { $0.kind == .test }.map(\.name))
    var dependents: [String: [String]] = [:]
    for target in targets {
      for dependency in target.dependencies {
        dependents[dependency, default: []].append(target.name)
      }
    }
    var candidates = Set(
      targets.filter { $0.kind == .library && $0.products.isEmpty && dependents[$0.name] != nil }
        .map(\.name))
    var changed = true
    while changed {
      changed = false
      for name in candidates
      where !dependents[name, default: []].allSatisfy({
        tests.contains($0) || candidates.contains($0)
      }) {
        candidates.remove(name)
        changed = true
      }
    }
    return candidates
  }

  /// Whether a test target imports Testing: Swift Testing runs a binary's tests in parallel, on
  /// several threads of one process, unless told otherwise.
  public static func testsImportTesting(_ package: PackageInfo, text: (String) -> String?) -> Bool {
    package.targets.contains { target in
      target.kind == .test && imports(["Testing"], inAnySourceOf: target, text: text)
    }
  }

  /// Whether the source imports one of `modules` (`import XCTest`, with any attribute or access
  /// level before it) at the start of a line.
  static func imports(_ modules: [String], in source: UnsafeBufferPointer<UInt8>) -> Bool {
    let needle = Array("import ".utf8)
    var index = 0
    while let found = find(needle, in: source, from: index) {
      index = found + needle.count
      guard isLineStart(before: found, in: source) else { continue }
      var start = index
      while start < source.count, source[start] == UInt8(ascii: " ") { start += 1 }
      for module in modules {
        let name = Array(module.utf8)
        let end = start + name.count
        guard end <= source.count, source[start..<end].elementsEqual(name) else { continue }
        if end == source.count || !isIdentifier(source[end]) { return true }
      }
    }
    return false
  }

  /// Whether only `@attributes`, access levels and spaces stand between the line start and `position`.
  private static func isLineStart(before position: Int, in source: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    var start = position
    while start > 0, source[start - 1] != UInt8(ascii: "\n") { start -= 1 }
    let prefix = String(decoding: source[start..<position], as: UTF8.self)
    return prefix.split(separator: " ").allSatisfy { word in
      word.hasPrefix("@")
        || ["public", "internal", "package", "private", "fileprivate"].contains(word)
    }
  }

  private static func isIdentifier(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "_") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
      || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte >= 0x80
  }

  private static func find(
    _ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>, from start: Int
  ) -> Int? {
    ByteSearch.offset(of: needle, in: haystack, from: start)
  }
}
