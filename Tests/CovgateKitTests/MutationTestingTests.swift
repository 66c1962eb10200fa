import CoverageGate
import Foundation
import Mutation
import XCTest

@testable import CovgateKit

/// `covgate mutate`'s request as the kit reads it: what it refuses before anything is copied,
/// built or run, and the request `covgate run --mutate` makes of its own run.
final class MutationTestingTests: XCTestCase {
  private func pipeline(base: String?, patchBase: String?, output: String? = nil) -> Pipeline {
    var config = GateConfig.defaults
    config.patch.base = patchBase
    config.mutation.minimum = 75
    return Pipeline(
      settings: RunSettings(
        packageRoot: "/work/Demo", config: config,
        source: .tests(arguments: [], timeout: nil, perTest: nil, repeat: 1),
        outputFolder: output, base: base),
      services: .live(root: "/work/Demo", observer: RecordingObserver(log: EventLog())))
  }

  /// `run --mutate` mutates the lines changed since the run's base, with the config the run
  /// read (not read again) and the run's output folder.
  func testRunMutateAsksForTheRunsBaseWithTheConfigItRead() throws {
    let request = try MutationTesting.request(after: pipeline(base: "origin/main", patchBase: "x"))
    XCTAssertEqual(request.packageRoot, "/work/Demo")
    XCTAssertEqual(request.base, "origin/main")
    XCTAssertEqual(request.config?.mutation.minimum, 75)
    XCTAssertEqual(request.config?.patch.base, "x")
    XCTAssertEqual(request.outputFolder, "/work/Demo/.build/covgate")
    XCTAssertEqual(request.files, [])
    XCTAssertFalse(request.all)
    XCTAssertEqual(request.formats, [])

    let fromConfig = try MutationTesting.request(
      after: pipeline(base: nil, patchBase: "main", output: "/tmp/out"))
    XCTAssertEqual(fromConfig.base, "main")
    XCTAssertEqual(fromConfig.outputFolder, "/tmp/out")
  }

  func testRunMutateWithoutABaseIsRefusedBeforeTheRun() {
    XCTAssertThrowsError(try MutationTesting.request(after: pipeline(base: nil, patchBase: nil))) {
      XCTAssertEqual(String(describing: $0), String(describing: MutationError.noScope))
    }
  }

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
