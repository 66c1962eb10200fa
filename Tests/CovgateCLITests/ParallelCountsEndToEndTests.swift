import Foundation
import XCTest

/// Counts exact whatever the build folder held: a Swift Testing suite runs a ternary 2,000,000
/// times from 8 tests in parallel, and covgate's figures stay exact after a plain `swift test`
/// rebuilt the code without atomic counters. Without covgate's guarantee the objects the plain
/// build left stay (Swift keeps an object whose IR did not change) and increments are lost.
final class ParallelCountsEndToEndTests: XCTestCase {
  private var package = ""

  override func setUpWithError() throws {
    try XCTSkipUnless(
      FileManager.default.isExecutableFile(atPath: CLIHarness.covgate), "build covgate first")
    package = NSTemporaryDirectory() + "covgate-parallel-\(UUID().uuidString)"
    for folder in ["Sources/Stress", "Tests/StressTests"] {
      try FileManager.default.createDirectory(
        atPath: "\(package)/\(folder)", withIntermediateDirectories: true)
    }
    try write(
      "Package.swift",
      """
      // swift-tools-version:6.0
      import PackageDescription

      let package = Package(
        name: "Stress",
        targets: [.target(name: "Stress"), .testTarget(name: "StressTests", dependencies: ["Stress"])]
      )
      """)
    try writeSource(label: "first")
    try write(
      "Tests/StressTests/StressTests.swift",
      """
      import Stress
      import Testing

      @Test(arguments: 0..<8) func hammer(part: Int) {
        var sum = 0
        for x in part * 250_000..<(part + 1) * 250_000 { sum += bucket(x) }
        #expect(sum > 0)
      }
      """)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(atPath: package)
    super.tearDown()
  }

  private func write(_ path: String, _ text: String) throws {
    try text.write(toFile: "\(package)/\(path)", atomically: true, encoding: .utf8)
  }

  private func writeSource(label: String) throws {
    try write(
      "Sources/Stress/Stress.swift",
      """
      public let label = "\(label)"

      public func bucket(_ x: Int) -> Int { x.isMultiple(of: 3) ? 1 : 0 }
      """)
  }

  /// covgate run; the ternary's decision as its JSON report gives it, and what covgate said.
  private func covgateRun(_ output: String) throws -> (decision: [String: Any]?, stderr: String) {
    let result = try CLIHarness.run(
      CLIHarness.covgate, ["run", "--output", output, "--format", "json"], in: package)
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    let data = try Data(contentsOf: URL(fileURLWithPath: "\(package)/\(output)/covgate.json"))
    let json = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    let files = try XCTUnwrap(json["files"] as? [[String: Any]])
    let file = try XCTUnwrap(
      files.first { ($0["path"] as? String) == "Sources/Stress/Stress.swift" })
    let branches = try XCTUnwrap(file["branches"] as? [String: Any])
    let decisions = try XCTUnwrap(branches["decisions"] as? [[String: Any]])
    return (decisions.first, result.stderr)
  }

  /// The ternary's reached count and its outcomes' counts.
  private func counts(_ decision: [String: Any]?) -> [Int] {
    guard let decision, let outcomes = decision["outcomes"] as? [[String: Any]] else { return [] }
    return [decision["reached"] as? Int ?? -1] + outcomes.map { $0["count"] as? Int ?? -1 }
  }

  func testCountsStayExactAfterAPlainSwiftTest() throws {
    let exact = [2_000_000, 666_667, 1_333_333]
    XCTAssertEqual(counts(try covgateRun("first").decision), exact)

    try writeSource(label: "second")
    let plain = try CLIHarness.run(
      "/usr/bin/env", ["swift", "test", "--enable-code-coverage"], in: package)
    XCTAssertEqual(plain.exitCode, 0, plain.stderr)

    let (decision, stderr) = try covgateRun("second")
    XCTAssertEqual(counts(decision), exact, "the objects the plain build left were built again")
    XCTAssertFalse(stderr.contains("not atomic"), stderr)

    // The plain build's binary, read as `check --from-build` reads it: its counts may be lost,
    // and no branch count is claimed.
    try writeSource(label: "third")
    XCTAssertEqual(
      try CLIHarness.run(
        "/usr/bin/env", ["swift", "test", "--enable-code-coverage"], in: package
      ).exitCode, 0)
    let check = try CLIHarness.run(
      CLIHarness.covgate,
      ["check", "--from-build", ".build/debug", "--output", "third", "--format", "json"],
      in: package)
    XCTAssertEqual(check.exitCode, 0, check.stderr)
    XCTAssertTrue(
      check.stderr.contains("profile counter updates in the test binaries are not atomic"),
      check.stderr)
    let data = try Data(contentsOf: URL(fileURLWithPath: "\(package)/third/covgate.json"))
    XCTAssertTrue(
      String(decoding: data, as: UTF8.self).contains(
        "counts may be lost to parallel tests (counter updates not atomic)"))
  }
}
