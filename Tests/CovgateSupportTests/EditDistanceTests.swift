import CovgateSupport
import XCTest

final class EditDistanceTests: XCTestCase {
  func testEditDistance() {
    XCTAssertEqual(editDistance("lines", "line"), 1)
    XCTAssertEqual(editDistance("", "abc"), 3)
    XCTAssertEqual(editDistance("abc", ""), 3)
    XCTAssertEqual(editDistance("kitten", "sitting"), 3)
  }

  func testClosestMatchNamesTheNearestWithinTwoEdits() {
    let commands = ["run", "check", "mutate", "merge", "init"]
    XCTAssertEqual(closestMatch(to: "mutat", among: commands), "mutate")
    XCTAssertEqual(closestMatch(to: "chek", among: commands), "check")
    XCTAssertNil(closestMatch(to: "publish", among: commands))
    XCTAssertNil(closestMatch(to: "x", among: [String]()))
  }
}
