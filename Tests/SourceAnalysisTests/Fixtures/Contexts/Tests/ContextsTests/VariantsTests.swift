import Contexts
import XCTest

/// Drives each decision of `Variants` the number of times its `// expect:` comment says.
final class VariantsTests: XCTestCase {
  func testVariants() {
    XCTAssertEqual([(true, true), (true, false), (false, true)].map { Variants.returnAnd($0.0, $0.1) }, [true, false, false])
    XCTAssertEqual([(true, true), (false, true), (false, false), (false, false)].map { Variants.assignOr($0.0, $0.1) }, [1, 1, 0, 0])
    XCTAssertEqual(
      [(true, true, true), (true, true, false), (true, false, false), (false, true, true), (false, false, true)]
        .map { Variants.chain($0.0, $0.1, $0.2) }, [1, 2, 2, 2, 0])
    XCTAssertEqual([(nil, 3), (4, 3), (nil, -1)].map { Variants.callChain($0.0, $0.1) }, [3, 4, -1])
    XCTAssertEqual([(nil, -3), (4, 3), (2, 1)].map { Variants.callArgument($0.0, $0.1) }, [3, 4, 2])
    XCTAssertEqual(Variants.whileContinue(5), 3)
    XCTAssertEqual(Variants.whileContinue(0), 0)
    XCTAssertEqual(Variants.repeatContinue(4), 2)
    XCTAssertEqual(Variants.switchContinue([1, -2, 3, -4]), 4)
    XCTAssertEqual([(1, true), (2, true), (2, false), (5, false)].map { Variants.patternTernary($0.0, $0.1) }, [1, 0, 1, 0])
    XCTAssertEqual([nil, 3, 7, -1, 9].map(Variants.ifCaseWhere), [0, 1, 2, 0, 2])
    XCTAssertEqual([4, -1].map { try? Variants.fallThroughCatch($0) }, [4, 0])
    XCTAssertNil(try? Variants.fallThroughCatch(300))
    XCTAssertEqual([(true, true), (true, false), (false, true), (true, false)].map { Variants.nestedIf($0.0, $0.1) }, [5, 1, 0, 1])
    XCTAssertEqual([0, 1, 2, 3, 1].map(Variants.switchReturns), [9, 1, 2, 2, 1])
      // check: -1 throws, 7 is true, 3 is false.
    XCTAssertEqual(
      [(-1, true), (7, true), (7, false), (3, true)].map { try? Variants.andAfterTry($0.0, $0.1) },
      [nil, 1, 0, 0])
    XCTAssertEqual(
      [(-1, true), (7, false), (3, true), (3, false)].map {
        try? Variants.orAfterTryInGuard($0.0, $0.1)
      }, [nil, 3, 3, 2])
    XCTAssertEqual(try? Variants.continueAfterTry([7, 3, 8, 1]), 2)
    XCTAssertNil(try? Variants.continueAfterTry([1, -1]))
    XCTAssertEqual([5, 200, -1].map(Variants.doMayThrow), [5, -1, 0])
    XCTAssertEqual(
      [([1, 2], true), (nil, true), (nil, false)].map { Variants.calledBase($0.0, $0.1) },
      [4, 2, 4])
    XCTAssertEqual([3, -1, -9, -7].map { try? Variants.throwValue($0) }, [3, nil, nil, nil])
    XCTAssertEqual(
      [([5, 6], 1, nil), ([5, 6], nil, [[2]]), ([5], nil, nil)].map {
        Variants.subscripts($0.0, $0.1, $0.2)
      }, [13, 7, 12])
    XCTAssertEqual([[1, 2], nil, []].map(Variants.loopOver), [3, 0, 0])
  }
}
