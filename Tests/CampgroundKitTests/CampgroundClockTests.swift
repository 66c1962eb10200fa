import CampgroundKit
import Foundation
import XCTest

final class CampgroundClockTests: XCTestCase {
  /// A fixed clock reads its time every time; today is that time's day in its zone.
  func testAFixedClockReadsItsTimeInItsZone() throws {
    let instant = TestDatabase.day(2025, 6, 1).addingTimeInterval(2 * 3_600)
    let ontario = CampgroundClock.fixed(
      at: instant, in: try XCTUnwrap(TimeZone(identifier: "America/Toronto")))

    XCTAssertEqual(ontario.now, instant)
    XCTAssertEqual(ontario.now, instant)
    XCTAssertEqual(ontario.today, TestDatabase.day(2025, 5, 31))
    XCTAssertEqual(
      ontario.day(of: instant.addingTimeInterval(5 * 3_600)), TestDatabase.day(2025, 6, 1))
  }

  /// The app's clock is this machine's: its time and its zone.
  func testTheSystemClockIsThisMachines() {
    let system = CampgroundClock.system

    XCTAssertEqual(system.now.timeIntervalSinceNow, 0, accuracy: 60)
    XCTAssertEqual(system.timeZone.identifier, TimeZone.current.identifier)
  }
}
