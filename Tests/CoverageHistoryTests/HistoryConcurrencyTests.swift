import CoverageHistory
import Foundation
import XCTest

/// Concurrent runs appending to one history file: each writer has its own connection, all
/// start together on a file that does not exist yet (so creation and migration race too).
final class HistoryConcurrencyTests: XCTestCase {
  func testEightWritersOfTwentyFiveRunsEachLoseNothing() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("HistoryConcurrencyTests-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("history.sqlite").path
    let (writers, runsEach) = (8, 25)
    let failures = Failures()
    let start = DispatchSemaphore(value: 0)
    let done = DispatchGroup()

    for writer in 0..<writers {
      done.enter()
      let thread = Thread {
        defer { done.leave() }
        start.wait()
        do {
          let database = try HistoryDatabase.open(path: path)
          for index in 0..<runsEach {
            try database.record(SampleRuns.run(index, commit: "w\(writer)-r\(index)"))
          }
        } catch {
          failures.append("writer \(writer): \(error)")
        }
      }
      thread.start()
    }
    for _ in 0..<writers { start.signal() }
    XCTAssertEqual(done.wait(timeout: .now() + 120), .success, "writers did not finish")

    XCTAssertEqual(failures.all, [])
    let runs = try HistoryDatabase.open(path: path).recentRuns(limit: 1_000)
    XCTAssertEqual(runs.count, writers * runsEach)
    let expected = Set((0..<writers).flatMap { w in (0..<runsEach).map { "w\(w)-r\($0)" } })
    XCTAssertEqual(Set(runs.map(\.commit)), expected)
    XCTAssertTrue(runs.allSatisfy { $0.layers.count == 2 && $0.targets.count == 3 })
  }
}

/// Error messages collected from several threads.
private final class Failures: @unchecked Sendable {
  private let lock = NSLock()
  private var messages: [String] = []

  func append(_ message: String) { lock.withLock { messages.append(message) } }
  var all: [String] { lock.withLock { messages } }
}
