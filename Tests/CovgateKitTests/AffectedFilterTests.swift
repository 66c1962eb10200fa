import Foundation
import XCTest

@testable import CovgateKit

/// The `--filter` pattern `covgate affected` prints selects exactly the tests it names: an
/// XCTest name that begins another (`testBold`, `testBoldInItalics`) selects only itself.
final class AffectedFilterTests: XCTestCase {
  private func matches(_ pattern: String, _ id: String) throws -> Bool {
    let regex = try NSRegularExpression(pattern: pattern)
    return regex.firstMatch(in: id, range: NSRange(id.startIndex..., in: id)) != nil
  }

  func testATestSelectsItselfNotTheTestsItsNameBegins() throws {
    let pattern = AffectedOutput.filter(
      tests: ["InkTests.TextFormattingTests/testUnterminatedBoldMarker", "M.Suite/sum(x:)"],
      modules: ["NewTests"], everything: false)
    XCTAssertTrue(try matches(pattern, "InkTests.TextFormattingTests/testUnterminatedBoldMarker"))
    XCTAssertFalse(
      try matches(
        pattern, "InkTests.TextFormattingTests/testUnterminatedBoldMarkerWithinItalicText"))
    XCTAssertTrue(try matches(pattern, "M.Suite/sum(x:)"))
    XCTAssertFalse(try matches(pattern, "M.Suite/sum(x:y:)"))
    XCTAssertTrue(try matches(pattern, "NewTests.AnyCase/testAnything"), "a changed module whole")
  }

  func testEverythingAndNothing() {
    XCTAssertEqual(AffectedOutput.filter(tests: [], modules: [], everything: true), ".")
    XCTAssertEqual(AffectedOutput.filter(tests: [], modules: [], everything: false), "^$")
  }
}
