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
    try files.createSymbolicLink(atPath: "\(top)/pkg/Sources/A/link.swift", withDestinationPath: "\(top)/outside/secret.swift")
    try files.createSymbolicLink(atPath: "\(top)/pkg/Sources/A/dir", withDestinationPath: "../../../outside/dir")

    let links = DiskSymlinks()
    XCTAssertEqual(links.realPath("\(top)/pkg/Sources/A/plain.swift"), "\(top)/pkg/Sources/A/plain.swift")
    XCTAssertEqual(links.realPath("\(top)/pkg/Sources/A/link.swift"), "\(top)/outside/secret.swift")
    XCTAssertEqual(links.realPath("\(top)/pkg/Sources/A/dir/z.swift"), "\(top)/outside/dir/z.swift")
    XCTAssertNil(links.realPath("\(top)/pkg/Sources/A/missing.swift"))
  }
}
