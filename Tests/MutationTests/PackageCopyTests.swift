import Foundation
import XCTest

@testable import Mutation

/// The package copy `covgate mutate` rewrites: it holds what the package holds, build output
/// and version control left out, and a sync rewrites only what differs, so the copy's own
/// build stays incremental.
final class PackageCopyTests: XCTestCase {
  private var folder = ""

  override func setUpWithError() throws {
    folder = NSTemporaryDirectory() + "covgate-package-copy-\(UUID().uuidString)"
    for path in ["package/Sources/A", "package/.build/debug", "package/.git", "copy/.build/debug"] {
      try FileManager.default.createDirectory(
        atPath: "\(folder)/\(path)", withIntermediateDirectories: true)
    }
  }

  override func tearDown() {
    try? FileManager.default.removeItem(atPath: folder)
    super.tearDown()
  }

  private func write(_ text: String, _ path: String) throws {
    try text.write(toFile: "\(folder)/\(path)", atomically: true, encoding: .utf8)
  }

  private func files(_ root: String) -> [String] {
    (FileManager.default.subpaths(atPath: "\(folder)/\(root)") ?? []).filter { path in
      var isFolder: ObjCBool = false
      FileManager.default.fileExists(atPath: "\(folder)/\(root)/\(path)", isDirectory: &isFolder)
      return !isFolder.boolValue
    }.sorted()
  }

  func testASyncCopiesSourcesOnlyRewritesWhatDiffersAndRemovesWhatWent() throws {
    try write("// manifest", "package/Package.swift")
    try write("let a = 1", "package/Sources/A/A.swift")
    try write("let b = 2", "package/Sources/A/B.swift")
    try write("object", "package/.build/debug/A.o")
    try write("ref", "package/.git/HEAD")
    try write("kept", "copy/.build/debug/A.o")
    try write("gone", "copy/Stale.swift")
    let copy = PackageCopy(source: "\(folder)/package", copy: "\(folder)/copy")
    XCTAssertEqual(try copy.sync().written, 3)
    XCTAssertEqual(
      files("copy"),
      [".build/debug/A.o", "Package.swift", "Sources/A/A.swift", "Sources/A/B.swift"])
    XCTAssertEqual(
      try String(contentsOfFile: "\(folder)/copy/.build/debug/A.o", encoding: .utf8), "kept")

    let untouched =
      try FileManager.default.attributesOfItem(
        atPath: "\(folder)/copy/Sources/A/A.swift")[.modificationDate] as? Date
    try write("let b = 3", "package/Sources/A/B.swift")
    try write("mutated", "copy/Package.swift")
    let synced = try copy.sync()
    XCTAssertEqual(synced.written, 2)
    // What each overwritten file held before: the copy's state the last run left.
    XCTAssertEqual(
      synced.previous.mapValues { String(decoding: $0, as: UTF8.self) },
      ["Sources/A/B.swift": "let b = 2", "Package.swift": "mutated"])
    XCTAssertEqual(
      try String(contentsOfFile: "\(folder)/copy/Sources/A/B.swift", encoding: .utf8), "let b = 3")
    XCTAssertEqual(
      try String(contentsOfFile: "\(folder)/copy/Package.swift", encoding: .utf8), "// manifest")
    XCTAssertEqual(
      try FileManager.default.attributesOfItem(atPath: "\(folder)/copy/Sources/A/A.swift")[
        .modificationDate] as? Date, untouched)

    // A replaced file holds the text given, and is written only when it differs.
    XCTAssertEqual(try copy.sync(replacing: ["Sources/A/A.swift": "let a = 0"]).written, 1)
    XCTAssertEqual(
      try String(contentsOfFile: "\(folder)/copy/Sources/A/A.swift", encoding: .utf8), "let a = 0")
    XCTAssertEqual(try copy.sync(replacing: ["Sources/A/A.swift": "let a = 0"]).written, 0)
    XCTAssertEqual(try copy.sync().previous, ["Sources/A/A.swift": Data("let a = 0".utf8)])
  }
}
