import Atomics
import XCTest

@testable import CovgateSupport

final class ConcurrentMapTests: XCTestCase {
  /// Results come back in order and equal `map`'s, for counts around the number of runs.
  func testResultsKeepTheOrderOfTheElements() {
    for count in [0, 1, 2, 31, 32, 33, 1000] {
      let numbers = Array(0..<count)
      XCTAssertEqual(numbers.concurrentMap { $0 * 3 }, numbers.map { $0 * 3 }, "\(count)")
      var taken: [Int] = []
      numbers.concurrentMap(
        state: { () }, { _, number in number * 3 }, thenInOrder: { taken.append($0) })
      XCTAssertEqual(taken, numbers.map { $0 * 3 }, "\(count)")
    }
  }

  /// Each run of neighbouring elements has a state of its own, fresh at the run's start: here
  /// the state counts the elements its run has seen.
  func testEachRunHasAFreshStateOfItsOwn() {
    let numbers = Array(0..<1000)
    var seen: [Int] = []
    numbers.concurrentMap(
      state: { 0 },
      { seenBefore, _ in
        defer { seenBefore += 1 }
        return seenBefore
      },
      thenInOrder: { seen.append($0) })
    let runStarts = seen.indices.filter { seen[$0] == 0 }
    XCTAssertEqual(runStarts.count, 32)
    XCTAssertEqual(runStarts.first, 0)
    // Within a run the count climbs by one; every run is a neighbouring stretch.
    for index in seen.indices.dropFirst() where seen[index] != 0 {
      XCTAssertEqual(seen[index], seen[index - 1] + 1, "at \(index)")
    }
  }

  /// A throwing `take` stops the hand-over; the results not taken are released, not leaked.
  func testATakeThatThrowsStopsAndReleasesTheRest() {
    final class Counted: Sendable {
      static let alive = ManagedAtomic<Int>(0)
      init() { Counted.alive.wrappingIncrement(ordering: .relaxed) }
      deinit { Counted.alive.wrappingDecrement(ordering: .relaxed) }
    }
    struct Stop: Error {}
    let before = Counted.alive.load(ordering: .relaxed)
    XCTAssertThrowsError(
      try Array(0..<100).concurrentMap(state: { () }) { _, number in
        number == 10 ? nil : Counted()
      } thenInOrder: { taken in
        if taken == nil { throw Stop() }
      })
    XCTAssertEqual(Counted.alive.load(ordering: .relaxed), before)
  }
}
