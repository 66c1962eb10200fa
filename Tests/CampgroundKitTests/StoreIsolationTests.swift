import CampgroundKit
import XCTest

/// Tests do not share a store: each test's `setUp` makes its own (`TestDatabase.make()`). Shown
/// with two stores made the way two tests' `setUp` make them, in one test, so the proof holds
/// whether the tests run in one process or each in its own (`covgate run --per-test`): a write
/// to one is not seen by the other, and the same row can be written to both.
final class StoreIsolationTests: XCTestCase {
  func testTwoStoresMadeAsSetUpMakesThemShareNoRow() throws {
    let firstStore = try TestDatabase.make()
    let secondStore = try TestDatabase.make()
    let first = CampSiteService(database: firstStore)
    let second = CampSiteService(database: secondStore)

    try first.addSite(
      number: 1, hasElectricity: false, hasWater: false, nightlyRateCents: 1_000,
      by: TestRanger.proof(in: firstStore))
    XCTAssertEqual(try second.allSites(), [], "the second store sees the first's write")
    try second.addSite(
      number: 1, hasElectricity: true, hasWater: true, nightlyRateCents: 2_000,
      by: TestRanger.proof(in: secondStore))

    XCTAssertEqual(try first.allSites().map(\.nightlyRateCents), [1_000])
    XCTAssertEqual(try second.allSites().map(\.nightlyRateCents), [2_000])
  }
}
