import Branches
import XCTest

/// Drives each decision of `Families` the number of times its `// expect:` comment says.
final class FamiliesTests: XCTestCase {
  func testFamilies() {
    XCTAssertEqual(
      [(true, true, true), (true, false, true), (false, true, true), (true, true, false)].map {
        Families.laterAnd($0.0, $0.1, $0.2)
      }, [1, 0, 0, 0])
    XCTAssertEqual(
      [(nil, true, true), (1, false, true), (2, true, false), (3, false, false)].map {
        Families.guardLaterOr($0.0, $0.1, $0.2)
      }, [0, 1, 2, 0])
    XCTAssertEqual(
      [(-1, true), (5, true), (5, false), (20, false), (0, true)].map {
        Families.elseIfLater($0.0, $0.1)
      }, [-1, 1, 0, 1, 0])
    XCTAssertEqual([0, 1, 3, 9].map(Families.laterTernary), [0, 1, 0, 1])
    XCTAssertEqual(Families.whileLater([1, 2, -1, 3], false), 2)
    XCTAssertEqual(Families.whileLater([-1], true), 1)
    XCTAssertEqual([5, 20, -1].map(Families.caseWhere), [1, 0, 0])
    XCTAssertEqual([3, 0, -1, -2, -7].map(Families.catchWhere), [3, 2, 1, 2, 1])
    XCTAssertEqual(Families.forWhere([1, -1, -3, 0]), -2)
    XCTAssertEqual(Families.optionalChainArg(true, nil, true), 1)
    XCTAssertEqual(Families.optionalChainArg(false, 3, true), -1)
    XCTAssertEqual(Families.optionalChainArg(false, nil, false), -1)
    XCTAssertEqual([-1, 3, 7].map { try? Families.ifTry($0) }, [nil, 0, 1])
    XCTAssertEqual([-1, 7].map { try? Families.ifTryElse($0) }, [nil, 1])
    XCTAssertEqual([-1, 3, 7].map { try? Families.guardTry($0) }, [nil, 0, 1])
    XCTAssertEqual(try? Families.whileTry(3, 10), 3)
    XCTAssertNil(try? Families.whileTry(5, 1))
    XCTAssertEqual(try? Families.drain(2), 3)
    XCTAssertNil(try? Families.drain(-1))
    XCTAssertEqual(try? Families.forTry(3), 3)
    XCTAssertNil(try? Families.forTry(-1))
    XCTAssertNil(try? Families.tryInCatch([1, 0]))
    XCTAssertEqual(try? Families.tryInCatch([2]), 2)
    XCTAssertNil(try? Families.noCatchAllInLoop([1, 0, -1]))
    XCTAssertEqual(try? Families.noCatchAllInLoop([4]), 4)
    XCTAssertEqual([1, 0, -1].map { try? Families.noCatchAll($0) }, [1, 0, nil])
    XCTAssertEqual([-1, 0, 4].map { try? Families.tryLeft($0) }, [nil, 7, 4])
    XCTAssertEqual([-1, 0, 4].map(Families.tryOptional), [9, 9, 4])
    XCTAssertEqual([-1, 2].map(Families.tryOptionalBare), [nil, 2])
    XCTAssertEqual([-1, 0, 3].map { try? Families.kindOf($0) }, [nil, "none", "some"])
    XCTAssertEqual([nil, { 3 }, nil].map(Families.handlerOr), [7, 3, 7])
    XCTAssertEqual([nil, { 3 }, nil].map(Families.handlerTwice), [16, 6, 16])
    XCTAssertEqual([true, false, true].map(Families.pickRun), [6, 3, 6])
    XCTAssertEqual(
      [(nil, 5), ({ $0 * 10 }, 1), (nil, -2)].map { Families.signRun($0.0, $0.1) }, [0, 0, 0])
    XCTAssertEqual([.plus, .minus, .plus].map(Families.unknownDefault), [1, 0, 1])
    XCTAssertEqual(Families.labelledInner([[1, -1, 2], [3]]), 4)
    XCTAssertEqual(Families.skipNegatives([[1, -1], [2, 3]]), 6)
    let box = Families.Box()
    Families.fill(box, [1, 2])
    Families.fill(box, [3])
    XCTAssertEqual(box.total, 6)
    XCTAssertEqual([1, 3, 5].map(Families.deferred), [1, 3, 5])
  }
}
