import XCTest

@testable import Macros

/// The calls the hand counts of `Uses` are worked out for.
final class MacrosTests: XCTestCase {
  func testArguments() {
    XCTAssertEqual(Uses.inArgument(3, 1), 3)
    XCTAssertEqual(Uses.inArgument(1, 3), 3)
    XCTAssertEqual(Uses.inArgument(2, 5), 5)
    XCTAssertEqual(Uses.closureInArgument([1, -2, 3, 0]), 2)
  }

  func testExpansionsBesideDecisions() {
    XCTAssertEqual([-5, 5, 12, 20].map(Uses.afterExpansion), [0, 5, -1, -1])
    XCTAssertEqual([7, 3, -1].map(Uses.macroInCondition), [1, 0, 0])
    XCTAssertEqual([-1, 5, 20].map(Uses.macroOnTheRight), [0, 2, 1])
  }

  func testAPeerMacrosCopy() {
    XCTAssertEqual([4, 7, 9].map(Uses.half), [2, 3, 4])
    XCTAssertEqual(Uses.halfChecked(-1), nil)
    XCTAssertEqual(Uses.halfChecked(6), 3)
  }

  func testALoopAroundAnExpansion() {
    XCTAssertEqual(Uses.loopAroundExpansion([1, 5, -2, 9, 4]), 7)
    XCTAssertEqual(Uses.loopAroundExpansion([2]), 2)
  }
}
