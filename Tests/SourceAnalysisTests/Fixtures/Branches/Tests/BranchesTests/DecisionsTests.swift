import Branches
import XCTest

/// Drives each decision of `Decisions` the number of times its `// expect:` comment says.
final class DecisionsTests: XCTestCase {
  func testDecisions() {
    XCTAssertEqual([5, 3, -2, 0].map(Decisions.sign), [1, 1, -1, 0])
    XCTAssertEqual([1, 20, 3].map(Decisions.clamp), [1, 10, 3])
    XCTAssertEqual([nil, 4, 6].map(Decisions.half), [0, 2, 3])
    XCTAssertEqual([.sun, .rain, .sun].map(Decisions.describe), ["sunny", "wet", "sunny"])
    XCTAssertEqual([true, false, false].map(Decisions.attempt), [-1, 1, 1])
    XCTAssertEqual([[1, 2], [3]].map(Decisions.sum), [3, 3])
    XCTAssertEqual([2, 1].map(Decisions.countDown), [2, 1])
    XCTAssertEqual([1, 3].map(Decisions.atLeastOnce), [1, 3])
    XCTAssertEqual([true, true, true].map(Decisions.pick), ["yes", "yes", "yes"])
    XCTAssertEqual(Decisions.both(true, true), true)
    XCTAssertEqual(Decisions.both(true, false), false)
    XCTAssertEqual(Decisions.both(false, true), false)
    XCTAssertEqual(Decisions.either(true, false), true)
    XCTAssertEqual(Decisions.either(true, true), true)
    XCTAssertEqual(Decisions.either(false, false), false)
    XCTAssertEqual([nil, 2].map(Decisions.fallback), [7, 2])
    XCTAssertEqual(Decisions.earlyExit([1, -1]), -1)
    XCTAssertEqual(Decisions.larger(3, 1), 3)
    XCTAssertEqual(Decisions.larger(1, 3), 3)
    XCTAssertEqual(Decisions.larger("b", "a"), "b")
    XCTAssertEqual(Decisions.platformName(), "linux")
    XCTAssertEqual(Decisions.evens([1, 2, 3]), [2])
    XCTAssertEqual(Decisions.firstNegative([1, -1]), -1)
    XCTAssertEqual(Decisions.inQuadrant(1, 1), true)
    XCTAssertEqual(Decisions.inQuadrant(1, -1), false)
    XCTAssertEqual(Decisions.inQuadrant(-1, 1), false)
    XCTAssertEqual([0, 5].map(Decisions.rank), [2, 1])
    XCTAssertEqual(Decisions.anyOf(true, false, false), true)
    XCTAssertEqual(Decisions.anyOf(false, true, true), true)
    XCTAssertEqual(Decisions.anyOf(false, false, true), false)
    XCTAssertEqual(Decisions.firstOf(1, nil), 1)
    XCTAssertEqual(Decisions.firstOf(nil, 2), 2)
    XCTAssertEqual(Decisions.firstOf(nil, nil), 0)
    XCTAssertEqual(Decisions.only(.one), 1)
    XCTAssertEqual(Decisions.parseAll(["1", "x"]), 0)
    XCTAssertEqual(try Decisions.parseEach(["2", "3"]), 5)
  }
}
