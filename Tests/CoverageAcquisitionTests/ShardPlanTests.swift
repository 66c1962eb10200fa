import XCTest

@testable import CoverageAcquisition

final class ShardPlanTests: XCTestCase {
  private let tests = (1...7).map { TestCase(id: "T.A/test\($0)", library: .xctest, binary: "/b") }

  private func shards(_ count: Int, _ durations: [String: Double]) -> [[String]] {
    (1...count).map { ShardPlan.tests(tests, shard: $0, of: count, durations: durations).map(\.id) }
  }

  func testEveryTestRunsInExactlyOneShard() {
    for count in 1...8 {
      let all = shards(count, [:]).flatMap { $0 }
      XCTAssertEqual(all.sorted(), tests.map(\.id).sorted(), "\(count) shards")
    }
  }

  func testShardsAreBalancedByTheLastRunsDurations() {
    // One slow test (6 s) and six of 1 s: two shards of 6 s each, not 4 and 4 tests.
    let durations = Dictionary(
      uniqueKeysWithValues: tests.map { ($0.id, $0.id == "T.A/test3" ? 6.0 : 1.0) })
    let split = shards(2, durations)
    XCTAssertEqual(split[0], ["T.A/test3"])
    XCTAssertEqual(split[1].count, 6)
    // Without durations: by count.
    XCTAssertEqual(shards(2, [:]).map(\.count).sorted(), [3, 4])
    // The same input gives the same split.
    XCTAssertEqual(shards(3, durations), shards(3, durations))
  }

  func testAShardArgumentIsKOfN() {
    XCTAssertEqual(Shard(argument: "2/3"), Shard(argument: "2/3"))
    XCTAssertEqual(Shard(argument: "2/3")?.index, 2)
    for bad in ["0/3", "4/3", "3", "a/b", "1/0", ""] { XCTAssertNil(Shard(argument: bad), bad) }
  }
}
