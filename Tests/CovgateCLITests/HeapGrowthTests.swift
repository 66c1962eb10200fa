import XCTest

@testable import CovgateCLI

final class HeapGrowthTests: XCTestCase {
  /// glibc takes the top pad; a top pad the user set in `GLIBC_TUNABLES` is left as it is.
  func testTheTopPadIsSetUnlessTheUserSetOne() throws {
    #if os(Linux)
      XCTAssertTrue(HeapGrowth.reserveLargeSteps(tunables: nil))
      XCTAssertTrue(HeapGrowth.reserveLargeSteps(tunables: "glibc.malloc.arena_max=2"))
      XCTAssertFalse(HeapGrowth.reserveLargeSteps(tunables: "glibc.malloc.top_pad=65536"))
      let before = HeapGrowth.userTunables()
      setenv("GLIBC_TUNABLES", "glibc.malloc.top_pad=0", 1)
      defer {
        if let before { setenv("GLIBC_TUNABLES", before, 1) } else { unsetenv("GLIBC_TUNABLES") }
      }
      XCTAssertEqual(HeapGrowth.userTunables(), "glibc.malloc.top_pad=0")
    #else
      throw XCTSkip("glibc only")
    #endif
  }
}
