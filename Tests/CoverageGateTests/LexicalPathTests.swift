import XCTest

@testable import CoverageGate

final class LexicalPathTests: XCTestCase {
  func testCleanPathsAreUnchanged() {
    for path in [
      "/p/Sources/A/A.swift", "/", "Sources/A.swift", "/p/.hidden/x", "/p/.../x", "/p/a..b/x", "",
    ] {
      XCTAssertEqual(LexicalPath.normalized(path), path)
    }
  }

  func testDotsAndRepeatedSlashesAreResolvedByText() {
    let cases = [
      ("/p/Sources/A/../../../../tmp/x.swift", "/tmp/x.swift"),
      ("/p/Sources/A/../B/x.swift", "/p/Sources/B/x.swift"),
      ("/p//Sources///A/./x.swift", "/p/Sources/A/x.swift"),
      ("/p/Sources/A/", "/p/Sources/A"),
      ("/../../etc/passwd", "/etc/passwd"),
      ("//p/x", "/p/x"),
      ("/p/x/..", "/p"),
      ("/p/x/.", "/p/x"),
      ("./Sources/x", "Sources/x"),
      ("../Sources/x", "../Sources/x"),
      ("a/../../b", "../b"),
      ("a/..", "."),
    ]
    for (path, expected) in cases {
      XCTAssertEqual(LexicalPath.normalized(path), expected, path)
    }
  }
}
