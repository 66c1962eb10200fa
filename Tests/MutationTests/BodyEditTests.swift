import XCTest

@testable import Mutation

/// An edit is "inside one body" only where a test that ran no counted code of the file cannot
/// reach it: between the braces of a function, initializer, accessor or implicit getter.
final class BodyEditTests: XCTestCase {
  static let source = """
    struct Box {
      static let shared = Box(size: 1)
      var size: Int
      var area: Int { size * size }

      init(size: Int) {
        self.size = size
      }

      func grown(by step: Int) -> Box {
        Box(size: size + step)
      }
    }

    """

  private func edited(_ old: String, _ new: String) -> Bool {
    XCTAssertTrue(Self.source.contains(old), old)
    return BodyEdit.isInsideOneBody(
      old: Self.source, new: Self.source.replacingOccurrences(of: old, with: new))
  }

  func testEditsInsideOneBodyAreInside() {
    XCTAssertTrue(edited("size + step", "size - step"))
    XCTAssertTrue(edited("self.size = size", "self.size = size * 2"))
    XCTAssertTrue(edited("{ size * size }", "{ size * size + 1 }"))
    // Lines added or removed inside a body, whitespace included.
    XCTAssertTrue(
      edited("Box(size: size + step)", "let next = size + step\n    return Box(size: next)"))
    XCTAssertTrue(edited("Box(size: size + step)", "Box(size: size + step) "))
    XCTAssertTrue(BodyEdit.isInsideOneBody(old: Self.source, new: Self.source))
  }

  func testEditsOutsideABodyAreNot() {
    // A static initializer has no counter; a stored property changes synthesized code.
    XCTAssertFalse(edited("Box(size: 1)", "Box(size: 2)"))
    XCTAssertFalse(edited("var size: Int", "var size: Int = 0"))
    // A signature, a new declaration, a body's braces.
    XCTAssertFalse(edited("by step: Int", "by step: Int = 1"))
    XCTAssertFalse(
      edited("  init(size: Int) {", "  func twice() -> Int { size * 2 }\n\n  init(size: Int) {"))
    XCTAssertFalse(edited("size + step)\n  }", "size + step)\n  }\n  func x() {}"))
  }

  func testTheEditSaysItsBodyAndHowManyLinesItAdded() {
    let new = Self.source.replacingOccurrences(
      of: "Box(size: size + step)", with: "let next = size + step\n    return Box(size: next)")
    let edit = BodyEdit.of(old: Self.source, new: new)
    XCTAssertEqual(edit, BodyEdit(body: 10...12, lineDelta: 1))
    XCTAssertEqual(edit?.moved(4), 4)
    XCTAssertNil(edit?.moved(11))
    XCTAssertEqual(edit?.moved(13), 14)
    XCTAssertEqual(edit?.newBody, 10...13)
    // The innermost body: the getter, not the type around it.
    XCTAssertEqual(
      BodyEdit.of(
        old: Self.source, new: Self.source.replacingOccurrences(of: "size * size", with: "size"))?
        .body,
      4...4)
  }

  func testEditsInTwoBodiesAreNotInsideOne() {
    let new = Self.source.replacingOccurrences(of: "self.size = size", with: "self.size = size + 0")
      .replacingOccurrences(of: "size + step", with: "size - step")
    XCTAssertFalse(BodyEdit.isInsideOneBody(old: Self.source, new: new))
  }
}
