import XCTest

@testable import CovgateCLI

final class HeapGrowthTests: XCTestCase {
  /// glibc takes the top pad; a top pad the user set in `GLIBC_TUNABLES` is left as it is.
  func testTheTopPadIsSetUnlessTheUserSetOne() throws {
    #if os(Linux)
      XCTAssertTrue(HeapGrowth.reserveLargeSteps(environment: [:]))
      XCTAssertTrue(
        HeapGrowth.reserveLargeSteps(environment: ["GLIBC_TUNABLES": "glibc.malloc.arena_max=2"]))
      XCTAssertFalse(
        HeapGrowth.reserveLargeSteps(
          environment: ["GLIBC_TUNABLES": "glibc.malloc.top_pad=65536"]))
    #else
      throw XCTSkip("glibc only")
    #endif
  }
}
