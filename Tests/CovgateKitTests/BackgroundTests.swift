import Synchronization
import XCTest

@testable import CovgateKit

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

  /// A large value let go is freed on a thread of its own; in a process that ends with its run
  /// (the command line), it is left to the exit and never freed.
  func testALargeValueLetGoIsFreedElsewhereOrLeftToTheExit() {
    let leftToExit = FreeingRecord()
    Discard.with(leavingToExit: true) { Discard.onAnotherThread(Tracked(leftToExit)) }
    let freed = FreeingRecord()
    Discard.with(leavingToExit: false) { Discard.onAnotherThread(Tracked(freed)) }

    XCTAssertEqual(freed.done.wait(timeout: .now() + 10), .success, "freed")
    XCTAssertEqual(freed.onCallersThread.withLock { $0 }, false, "on another thread")
    XCTAssertEqual(leftToExit.done.wait(timeout: .now() + 1), .timedOut, "left to the exit")
  }
}

/// Whether a `Tracked` was freed, and whether on the thread that made it.
private final class FreeingRecord: Sendable {
  let done = DispatchSemaphore(value: 0)
  let onCallersThread = Mutex<Bool?>(nil)
}

private final class Tracked: @unchecked Sendable {
  let record: FreeingRecord
  let maker = Thread.current

  init(_ record: FreeingRecord) { self.record = record }

  deinit {
    record.onCallersThread.withLock { $0 = Thread.current == maker }
    record.done.signal()
  }
}
