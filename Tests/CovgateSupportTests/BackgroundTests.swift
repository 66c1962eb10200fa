import XCTest

@testable import CovgateSupport

final class BackgroundTests: XCTestCase {
  private struct Failure: Error, Equatable {}

  func testGivesTheResultOrTheErrorOfWorkOnAnotherThread() throws {
    let caller = Thread.current
    let work = Background { () -> Bool in Thread.current != caller }
    XCTAssertEqual(try work.value(), true, "the work ran on its own thread")
    XCTAssertEqual(try work.value(), true, "the value can be asked for again")
    let failing = Background { () throws -> Int in throw Failure() }
    XCTAssertThrowsError(try failing.value()) { XCTAssertEqual($0 as? Failure, Failure()) }
  }
}
