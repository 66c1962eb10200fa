import CovgateSupport
import Foundation
import XCTest

/// One holder at a time: a second taker waits, is told who holds the lock, and gets it when the
/// first lets go.
final class FileLockTests: XCTestCase {
  func testASecondTakerWaitsForTheFirstAndIsToldItsProcess() throws {
    let path = NSTemporaryDirectory() + "covgate-lock-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let first = try FileLock.acquire(path: path) { _ in XCTFail("the lock was free") }
    let events = Events()
    let done = expectation(description: "the second holds the lock")
    Thread.detachNewThread {
      do {
        let second = try FileLock.acquire(path: path) { holder in
          events.add("waiting for \(holder.map(String.init) ?? "?")")
        }
        events.add("acquired")
        second.release()
      } catch {
        events.add("\(error)")
      }
      done.fulfill()
    }
    Thread.sleep(forTimeInterval: 0.3)
    XCTAssertEqual(events.all, ["waiting for \(getpid())"], "held: the second waits")
    events.add("released")
    first.release()
    wait(for: [done], timeout: 5)
    XCTAssertEqual(events.all, ["waiting for \(getpid())", "released", "acquired"])
  }

  func testAFolderThatDoesNotExistIsAnErrorNamingThePath() {
    XCTAssertThrowsError(try FileLock.acquire(path: "/nonexistent-\(UUID().uuidString)/lock")) {
      XCTAssertTrue("\($0)".hasPrefix("cannot lock /nonexistent-"), "\($0)")
    }
  }
}

/// What happened, in order, from several threads.
private final class Events: @unchecked Sendable {
  private let lock = NSLock()
  private var events: [String] = []
  func add(_ event: String) { lock.withLock { events.append(event) } }
  var all: [String] { lock.withLock { events } }
}
