import Foundation
import XCTest

@testable import CovgateKit

final class PackageSourcesTests: XCTestCase {
  /// A new folder holding `pkg/Sources/A`, removed after the test.
  private func packageFolder() throws -> String {
    let base = NSTemporaryDirectory() + "covgate-sources-\(UUID().uuidString)"
    addTeardownBlock { try? FileManager.default.removeItem(atPath: base) }
    try FileManager.default.createDirectory(
      atPath: "\(base)/pkg/Sources/A", withIntermediateDirectories: true)
    return base
  }

  /// Sources are read from inside the package only, whatever the paths in the data say.
  func testReadsInsideThePackageOnly() throws {
    let base = try packageFolder()
    try "inside".write(toFile: "\(base)/pkg/Sources/A/In.swift", atomically: true, encoding: .utf8)
    try "secret".write(toFile: "\(base)/outside.swift", atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: "\(base)/pkg/Sources/A/Link.swift", withDestinationPath: "\(base)/outside.swift")
    let sources = PackageSources(root: "\(base)/pkg")
    XCTAssertEqual(sources.source(ofRelativePath: "Sources/A/In.swift"), "inside")
    XCTAssertNil(sources.source(ofRelativePath: "../outside.swift"))
    XCTAssertNil(sources.source(ofRelativePath: "Sources/../../outside.swift"))
    XCTAssertNil(sources.source(ofRelativePath: "\(base)/outside.swift"))
    XCTAssertNil(
      sources.source(ofRelativePath: "Sources/A/Link.swift"), "a symlink out of the package")
    XCTAssertNil(sources.source(ofRelativePath: "Sources/A/Missing.swift"))
    XCTAssertNil(sources.source(ofRelativePath: "Sources/A"), "a folder")
    XCTAssertNil(sources.source(ofRelativePath: "Sources/A/.."))
  }

  /// Symlinks that stay inside the package are followed; a symlinked folder pointing out is not.
  func testFollowsSymlinksThatStayInside() throws {
    let base = try packageFolder()
    let manager = FileManager.default
    try manager.createDirectory(atPath: "\(base)/elsewhere", withIntermediateDirectories: true)
    try "inside".write(toFile: "\(base)/pkg/Sources/A/In.swift", atomically: true, encoding: .utf8)
    try "secret".write(toFile: "\(base)/elsewhere/Out.swift", atomically: true, encoding: .utf8)
    try "".write(toFile: "\(base)/pkg/Sources/A/Empty.swift", atomically: true, encoding: .utf8)
    try manager.createSymbolicLink(
      atPath: "\(base)/pkg/Sources/A/Alias.swift", withDestinationPath: "In.swift")
    try manager.createSymbolicLink(atPath: "\(base)/pkg/Sources/B", withDestinationPath: "A")
    try manager.createSymbolicLink(
      atPath: "\(base)/pkg/Sources/Out", withDestinationPath: "\(base)/elsewhere")
    let sources = PackageSources(root: "\(base)/pkg")
    XCTAssertEqual(sources.source(ofRelativePath: "Sources/A/Alias.swift"), "inside")
    XCTAssertEqual(sources.source(ofRelativePath: "Sources/B/In.swift"), "inside")
    XCTAssertEqual(sources.source(ofRelativePath: "Sources/A/Empty.swift"), "")
    XCTAssertNil(
      sources.source(ofRelativePath: "Sources/Out/Out.swift"),
      "a symlinked folder out of the package")
  }

  /// A run reads each source once: a file changed after it was read reads as it was, in every
  /// copy.
  func testReadsEachFileOnceAcrossCopies() throws {
    let base = try packageFolder()
    try "first".write(toFile: "\(base)/pkg/Sources/A/In.swift", atomically: true, encoding: .utf8)
    try "other".write(
      toFile: "\(base)/pkg/Sources/A/Other.swift", atomically: true, encoding: .utf8)
    let sources = PackageSources(root: "\(base)/pkg")
    let copy = sources
    XCTAssertEqual(sources.source(ofRelativePath: "Sources/A/In.swift"), "first")
    try "second".write(toFile: "\(base)/pkg/Sources/A/In.swift", atomically: true, encoding: .utf8)
    try "changed".write(
      toFile: "\(base)/pkg/Sources/A/Other.swift", atomically: true, encoding: .utf8)
    XCTAssertEqual(copy.source(ofRelativePath: "Sources/A/In.swift"), "first")
    XCTAssertEqual(
      copy.source(ofRelativePath: "Sources/A/Other.swift"), "changed", "not read before")
    XCTAssertEqual(
      PackageSources(root: "\(base)/pkg").source(ofRelativePath: "Sources/A/In.swift"), "second",
      "another run reads anew")
  }
}
