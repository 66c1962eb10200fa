import XCTest

@testable import CoverageAcquisition

final class SourceListerTests: XCTestCase {
  func testListsSourcesSortedAndSkipsHiddenAndOtherFiles() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "source-lister-\(UUID())"
    ).path
    defer { try? FileManager.default.removeItem(atPath: root) }
    for file in [
      "Sources/A/b.swift", "Sources/A/Nested/Deeper/a.swift", "Sources/A/c.c", "Sources/A/asm.S",
      "Sources/A/README.md", "Sources/A/Makefile", "Sources/A/.hidden.swift",
      "Sources/A/.git/x.swift",
      "Sources/A/Resources/data.json",
    ] {
      let path = "\(root)/\(file)"
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("x".utf8)))
    }
    XCTAssertEqual(
      SourceLister.sources(in: "Sources/A", root: root),
      ["Sources/A/Nested/Deeper/a.swift", "Sources/A/asm.S", "Sources/A/b.swift", "Sources/A/c.c"])
    XCTAssertNil(SourceLister.sources(in: "Sources/Missing", root: root))
  }
}
