import Foundation
import XCTest

@testable import CovgateKit

/// Real symlinks on disk: a file or folder inside the package that links out resolves outside.
final class DiskFilesTests: XCTestCase {
  /// A new folder (its real path) holding `files` (each with one line) and `links` (path to
  /// destination), removed after the test.
  private func tree(files: [String], links: [String: String]) throws -> String {
    let base = CovgateKit.realPath(FileManager.default.temporaryDirectory.path) ?? "/tmp"
    let top = "\(base)/links-\(UUID().uuidString)"
    addTeardownBlock { try? FileManager.default.removeItem(atPath: top) }
    for file in files {
      let path = "\(top)/\(file)"
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try "x".write(toFile: path, atomically: true, encoding: .utf8)
    }
    for (path, destination) in links.sorted(by: { $0.key < $1.key }) {
      try FileManager.default.createSymbolicLink(
        atPath: "\(top)/\(path)",
        withDestinationPath: destination.replacingOccurrences(of: "$TOP", with: top))
    }
    return top
  }

  func testResolvesFileAndFolderLinksAndLeavesPlainFilesAlone() throws {
    let top = try tree(
      files: ["pkg/Sources/A/plain.swift", "outside/secret.swift", "outside/dir/z.swift"],
      links: [
        "pkg/Sources/A/link.swift": "$TOP/outside/secret.swift",
        "pkg/Sources/A/dir": "../../../outside/dir",
      ])
    let links = DiskFiles()
    XCTAssertEqual(
      links.realPath("\(top)/pkg/Sources/A/plain.swift"), "\(top)/pkg/Sources/A/plain.swift")
    XCTAssertEqual(links.realPath("\(top)/pkg/Sources/A/link.swift"), "\(top)/outside/secret.swift")
    XCTAssertEqual(links.realPath("\(top)/pkg/Sources/A/dir/z.swift"), "\(top)/outside/dir/z.swift")
    XCTAssertNil(links.realPath("\(top)/pkg/Sources/A/missing.swift"))
  }

  /// The batch answers as `realpath` does path by path: folders listed once, links resolved.
  func testTheBatchAgreesWithRealpathForEveryKindOfPath() throws {
    let top = try tree(
      files: [
        "pkg/Package.swift", "pkg/Sources/A/a.swift", "pkg/Sources/A/Deep/d.swift",
        "pkg/Sources/B/b.swift", "outside/secret.swift", "outside/dir/z.swift",
      ],
      links: [
        "pkg/Sources/A/out.swift": "$TOP/outside/secret.swift",
        "pkg/Sources/A/in.swift": "../B/b.swift",
        "pkg/Sources/A/dir": "../../../outside/dir",
        "pkg/Sources/Alias": "A",
        "pkg/Sources/A/dangling.swift": "$TOP/nowhere.swift",
        // The package itself reached through a link: the answers are real paths all the same.
        "via": "pkg",
      ])
    let relative = [
      "Package.swift", "Sources/A/a.swift", "Sources/A/Deep/d.swift", "Sources/A/dir/z.swift",
      "Sources/A/dangling.swift", "Sources/A/in.swift", "Sources/A/missing.swift",
      "Sources/A/out.swift", "Sources/Alias/Deep/d.swift", "Sources/Alias/a.swift",
      "Sources/B/b.swift", "Sources/Gone/g.swift", "missing.swift",
    ]
    let links = DiskFiles()
    for root in ["\(top)/pkg", "\(top)/via", "\(top)/absent"] {
      let batch = links.realPaths(ofRelative: relative, under: root)
      XCTAssertEqual(batch, relative.map { CovgateKit.realPath("\(root)/\($0)") }, root)
    }
    XCTAssertEqual(
      links.realPaths(ofRelative: ["Sources/A/dir/z.swift"], under: "\(top)/pkg"),
      ["\(top)/outside/dir/z.swift"])
  }
}
