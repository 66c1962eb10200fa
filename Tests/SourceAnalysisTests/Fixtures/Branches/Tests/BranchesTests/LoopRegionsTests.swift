import Branches
import XCTest

/// Drives each decision of `LoopRegions` the number of times its `// expect:` comment says.
final class LoopRegionsTests: XCTestCase {
  func testLoopRegions() {
    XCTAssertEqual(LoopRegions.forCaseOptional([1, nil, 3, nil, 5, nil, 2]), 8)
    XCTAssertEqual(LoopRegions.forCaseSome([2, nil, 1, 3]), 5)
    XCTAssertEqual(LoopRegions.forWhereInner([1, -2, 4, 0, 6]), 10)
    XCTAssertEqual(try? LoopRegions.repeatThrowing([1, 2, 3], true), 3)
    XCTAssertNil(try? LoopRegions.repeatThrowing([4, 0], true))
    XCTAssertEqual(LoopRegions.sumUntilLarge([1, 2]), 3)
    XCTAssertEqual(LoopRegions.sumUntilLarge([3, 10, 4]), 3)
    XCTAssertEqual(try? LoopRegions.whileThrowing([1, 2], true), 2)
    XCTAssertNil(try? LoopRegions.whileThrowing([0], true))
  }

  func testAsyncAndBreakingLoops() async throws {
    let both = try await LoopRegions.sumAsync([1, 2], failAt: nil)
    XCTAssertEqual(both, 3)
    let failed = try? await LoopRegions.sumAsync([5, 6, 7], failAt: 1)
    XCTAssertNil(failed)
    let none = try await LoopRegions.sumAsync([], failAt: nil)
    XCTAssertEqual(none, 0)
    XCTAssertEqual(LoopRegions.countUntilNegative([1, 2]), 2)
    XCTAssertEqual(LoopRegions.countUntilNegative([3, -1, 4]), 1)
    XCTAssertEqual(LoopRegions.countUntilNegative([]), 0)
    XCTAssertEqual(LoopRegions.sumBelowTen([1, 2]), 3)
    XCTAssertEqual(LoopRegions.sumBelowTen([3, 10, 4]), 3)
  }
}
