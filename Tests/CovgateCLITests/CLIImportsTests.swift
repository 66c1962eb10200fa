import Foundation
import XCTest

/// The CLI is thin: its commands parse options into the kit's settings, call the kit and print.
/// Writing reports, reading configs, comparing with a baseline and recording history happen in
/// CovgateKit, so a CLI file imports only these modules; a stage module imported here would be
/// kit work done in the CLI.
final class CLIImportsTests: XCTestCase {
  private static let allowed: Set<String> = [
    "ArgumentParser", "Foundation", "CovgateKit", "CoverageModel", "CovgateSupport",
  ]

  /// Sources/CovgateCLI, found from this file's place in the checkout.
  private static let cliSources = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/CovgateCLI")

  func testEveryCLIFileImportsOnlyTheKitAndTheModulesItSharesWithTheKit() throws {
    let files = try Self.swiftFiles(under: Self.cliSources)
    XCTAssertFalse(files.isEmpty, "no Swift file under \(Self.cliSources.path)")
    var offenders: [String] = []
    for file in files {
      let text = try String(contentsOf: file, encoding: .utf8)
      let extra = Self.importedModules(text).filter { !Self.allowed.contains($0) }
      if !extra.isEmpty {
        let relative = String(file.path.dropFirst(Self.cliSources.path.count + 1))
        offenders.append("\(relative) imports \(extra.joined(separator: ", "))")
      }
    }
    XCTAssert(
      offenders.isEmpty,
      "CLI files may import only \(Self.allowed.sorted().joined(separator: ", ")); move the work that needs another module into CovgateKit:\n"
        + offenders.joined(separator: "\n"))
  }

  func testEveryFormOfImportIsRead() {
    let text = """
      import ArgumentParser
        import CoverageGate  // indented, inside #if
      @testable import CoverageHistory
      @_spi(Testing) import CoverageReports
      @preconcurrency @_implementationOnly import Dispatch
      import struct CoverageAcquisition.Shard
      public import LLVMCoverage; import Yams
      // import CommentedOut
      let important = "import NotAnImport"
      """
    XCTAssertEqual(
      Self.importedModules(text),
      [
        "ArgumentParser", "CoverageGate", "CoverageHistory", "CoverageReports", "Dispatch",
        "CoverageAcquisition", "LLVMCoverage", "Yams",
      ])
  }

  /// The modules `text` imports, in order: every statement `[@attributes] [access] import
  /// [kind] Module[.Member]`, line comments ignored.
  static func importedModules(_ text: String) -> [String] {
    let kinds: Set<Substring> = [
      "struct", "class", "enum", "protocol", "typealias", "func", "let", "var", "actor",
    ]
    let modifiers: Set<Substring> = [
      "public", "package", "internal", "fileprivate", "private", "open",
    ]
    var modules: [String] = []
    for line in text.split(whereSeparator: \.isNewline) {
      let code = line.components(separatedBy: "//")[0]
      for statement in code.split(separator: ";") {
        var words = statement.split(whereSeparator: \.isWhitespace)[...]
        while let first = words.first, first.hasPrefix("@") || modifiers.contains(first) {
          words = words.dropFirst()
        }
        guard words.first == "import" else { continue }
        words = words.dropFirst()
        if let kind = words.first, kinds.contains(kind) { words = words.dropFirst() }
        guard let path = words.first else { continue }
        modules.append(String(path.prefix { $0 != "." }))
      }
    }
    return modules
  }

  private static func swiftFiles(under folder: URL) throws -> [URL] {
    guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    else { return [] }
    return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
      .sorted { $0.path < $1.path }
  }
}
