import Branches
import XCTest

/// Drives each decision of `Placements` the number of times its `// expect:` comment says.
final class PlacementsTests: XCTestCase {
  func testPlacements() {
    XCTAssertEqual(
      [(nil, true), (nil, false), (3, true)].map { Placements.inGuardElse($0.0, $0.1) },
      ["NONE", "none", "3"])
    XCTAssertEqual(
      [(true, false), (false, true), (false, false)].map { Placements.inGuardCondition($0.0, $0.1) },
      [1, 1, 0])
    XCTAssertEqual(
      [(true, true), (true, false), (false, true)].map { Placements.inIfBody($0.0, $0.1) },
      [1, 2, 4])
    XCTAssertEqual([true, true, false].map(Placements.inSwitchSubject), ["one", "one", "other"])
    XCTAssertEqual(
      [(0, true), (0, false), (5, true)].map { Placements.inCase($0.0, $0.1) },
      ["ZERO", "zero", "many"])
    XCTAssertEqual(
      [(0, true), (0, false), (5, true)].map { Placements.inDoAndCatch($0.0, $0.1) }, [-1, 0, 3])
    XCTAssertEqual(Placements.inRepeat(4, true), 4)
    XCTAssertEqual(Placements.inRepeat(4, false), 2)
    XCTAssertEqual(
      [(true, true), (true, false), (false, true)].map { Placements.nestedThen($0.0, $0.1) },
      [1, 2, 3])
    XCTAssertEqual(
      [(true, false, true), (true, true, false), (false, true, true)].map {
        Placements.inOperand($0.0, $0.1, $0.2)
      }, [true, true, false])
    XCTAssertEqual([3, nil, -2].map(Placements.inArgument), [3, 4, 2])
    XCTAssertEqual(
      [(true, true), (true, false), (false, true)].map { Placements.negated($0.0, $0.1) },
      [false, true, true])
    XCTAssertEqual([true, true, false].map { try? Placements.inTry($0) }, [1, 1, nil])
    XCTAssertEqual(["ab", nil].map(Placements.countOf), [2, 0])
    XCTAssertEqual([true, false, false].map(Placements.label), ["state: on", "state: off", "state: off"])
    XCTAssertEqual([true, false].map(Placements.pair), [[1, 2], [0, 2]])
    XCTAssertEqual(
      [(1, nil), (nil, 2), (nil, nil)].map { Placements.inOptionalBinding($0.0, $0.1) }, [1, 2, 0])
    XCTAssertEqual([true, false].map(Placements.entry), [["k": 1], ["k": 0]])
    XCTAssertEqual(Placements.clampAll([1, -1, 2]), [1, 0, 2])
    XCTAssertEqual([true, false].map(Placements.inActiveIf), [1, 0])
    let sized = [Placements.Sized(12), Placements.Sized(2)]
    XCTAssertEqual(sized.map(\.isSmall), [true, true])
    XCTAssertEqual(Placements.scaled(3), 12)
  }
}
