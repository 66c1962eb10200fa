import Foundation
import XCTest

@testable import CovgateKit

/// Real symlinks on disk: a file or folder inside the package that links out resolves outside.
final class DiskSymlinksTests: XCTestCase {
  func testResolvesFileAndFolderLinksAndLeavesPlainFilesAlone() throws {
    let base = CovgateKit.realPath(FileManager.default.temporaryDirectory.path) ?? "/tmp"
    let top = "\(base)/links-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: top) }
    let files = FileManager.default
    try files.createDirectory(atPath: "\(top)/pkg/Sources/A", withIntermediateDirectories: true)
    try files.createDirectory(atPath: "\(top)/outside/dir", withIntermediateDirectories: true)
    try "x".write(toFile: "\(top)/pkg/Sources/A/plain.swift", atomically: true, encoding: .utf8)
    try "y".write(toFile: "\(top)/outside/secret.swift", atomically: true, encoding: .utf8)
    try "z".write(toFile: "\(top)/outside/dir/z.swift", atomically: true, encoding: .utf8)
    try files.createSymbolicLink(
      atPath: "\(top)/pkg/Sources/A/link.swift", withDestinationPath: "\(top)/outside/secret.swift")
    try files.createSymbolicLink(
      atPath: "\(top)/pkg/Sources/A/dir", withDestinationPath: "../../../outside/dir")

    let links = DiskSymlinks()
    XCTAssertEqual(
      links.realPath("\(top)/pkg/Sources/A/plain.swift"), "\(top)/pkg/Sources/A/plain.swift")
    XCTAssertEqual(links.realPath("\(top)/pkg/Sources/A/link.swift"), "\(top)/outside/secret.swift")
    XCTAssertEqual(links.realPath("\(top)/pkg/Sources/A/dir/z.swift"), "\(top)/outside/dir/z.swift")
    XCTAssertNil(links.realPath("\(top)/pkg/Sources/A/missing.swift"))
  }
}

/// The batch answers as `realpath` does path by path: folders listed once, links resolved.
final class DiskSymlinksBatchTests: XCTestCase {
  func testTheBatchAgreesWithRealpathForEveryKindOfPath() throws {
    let base = CovgateKit.realPath(FileManager.default.temporaryDirectory.path) ?? "/tmp"
    let top = "\(base)/links-batch-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: top) }
    let files = FileManager.default
    for folder in ["pkg/Sources/A/Deep", "pkg/Sources/B", "outside/dir", "real"] {
      try files.createDirectory(atPath: "\(top)/\(folder)", withIntermediateDirectories: true)
    }
    for file in [
      "pkg/Package.swift", "pkg/Sources/A/a.swift", "pkg/Sources/A/Deep/d.swift",
      "pkg/Sources/B/b.swift", "outside/secret.swift", "outside/dir/z.swift",
    ] {
      try "x".write(toFile: "\(top)/\(file)", atomically: true, encoding: .utf8)
    }
    let link = files.createSymbolicLink(atPath:withDestinationPath:)
    try link("\(top)/pkg/Sources/A/out.swift", "\(top)/outside/secret.swift")
    try link("\(top)/pkg/Sources/A/in.swift", "../B/b.swift")
    try link("\(top)/pkg/Sources/A/dir", "../../../outside/dir")
    try link("\(top)/pkg/Sources/Alias", "A")
    try link("\(top)/pkg/Sources/A/dangling.swift", "\(top)/nowhere.swift")
    // The package itself reached through a link: the answers are real paths all the same.
    try link("\(top)/via", "pkg")

    let relative = [
      "Package.swift", "Sources/A/a.swift", "Sources/A/Deep/d.swift", "Sources/A/dir/z.swift",
      "Sources/A/dangling.swift", "Sources/A/in.swift", "Sources/A/missing.swift",
      "Sources/A/out.swift", "Sources/Alias/Deep/d.swift", "Sources/Alias/a.swift",
      "Sources/B/b.swift", "Sources/Gone/g.swift", "missing.swift",
    ]
    let links = DiskSymlinks()
    for root in ["\(top)/pkg", "\(top)/via", "\(top)/absent"] {
      let batch = links.realPaths(ofRelative: relative, under: root)
      XCTAssertEqual(batch, relative.map { CovgateKit.realPath("\(root)/\($0)") }, root)
    }
    XCTAssertEqual(
      links.realPaths(ofRelative: ["Sources/A/dir/z.swift"], under: "\(top)/pkg"),
      ["\(top)/outside/dir/z.swift"])
  }
}
