import Foundation
import XCTest

@testable import CovgateKit

/// `covgate mutate`'s request as the kit reads it: what it refuses before anything is copied,
/// built or run.
final class MutationTestingTests: XCTestCase {
  /// `--shard` and `--test-map` are checked before anything is copied, built or run.
  func testABadTestMapOrShardFailsBeforeAnythingRuns() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
      .path
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: root) }
    func request(shard: String, testMap: String?) -> MutationRequest {
      MutationRequest(
        packageRoot: root, configFile: ConfigFile(given: nil, root: root), all: true, shard: shard,
        testMap: testMap)
    }
    let observer = RecordingObserver(log: EventLog())
    XCTAssertThrowsError(
      try MutationTesting.run(
        request(shard: "1/2", testMap: "\(root)/none.json"), observer: observer)
    ) { error in
      XCTAssertEqual(
        String(describing: error),
        "--test-map \(root)/none.json: no such file; give a covgate-test-map.json of `covgate run --per-test`, the same file to every shard"
      )
    }
    try Data("[1]".utf8).write(to: URL(fileURLWithPath: "\(root)/map.json"))
    XCTAssertThrowsError(
      try MutationTesting.run(
        request(shard: "1/2", testMap: "\(root)/map.json"), observer: observer)
    ) { error in
      let text = String(describing: error)
      XCTAssertTrue(text.hasPrefix("--test-map \(root)/map.json: not a covgate test map"), text)
      XCTAssertTrue(text.hasSuffix("the same file to every shard"), text)
    }
    XCTAssertThrowsError(
      try MutationTesting.run(request(shard: "3/2", testMap: nil), observer: observer)
    ) { error in
      XCTAssertEqual(
        (error as? UsageError)?.message, "--shard takes K/N with 1 <= K <= N, e.g. 2/3; got '3/2'")
    }
    // Nothing was copied into the package's folder.
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root), ["map.json"])
  }
}
