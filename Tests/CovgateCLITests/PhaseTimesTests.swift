import Foundation
import XCTest

@testable import CovgateCLI

/// Each phase line says what begins, then how long the phase before it took; the last line
/// how long the last phase took.
final class PhaseTimesTests: XCTestCase {
  func testEachPhaseReportsTheDurationOfThePreviousOne() {
    let phases = PhaseTimes()
    let start = Date(timeIntervalSince1970: 1_000)

    let first = phases.begin("build and test", at: start)
    let second = phases.begin("evaluate", at: start.addingTimeInterval(12.345))
    let last = phases.end(at: start.addingTimeInterval(12.5))

    XCTAssertNil(first)
    XCTAssertEqual(second, "after 12.35s of build and test")
    XCTAssertEqual(last, "evaluate took 0.15s")
    XCTAssertNil(phases.end(at: start.addingTimeInterval(13)))
  }
}
