import Foundation
import XCTest

/// Patch coverage and the baseline ratchet, end to end: a real git repository holding the
/// Sample package, real `swift test`, the built `covgate`.
final class RatchetEndToEndTests: XCTestCase {
  nonisolated(unsafe) private static var package = ""

  override class func setUp() {
    super.setUp()
    package = SampleCopy.make("ratchet")
  }

  override class func tearDown() {
    SampleCopy.remove(package)
    super.tearDown()
  }

  private var package: String { Self.package }

  override func setUpWithError() throws {
    try XCTSkipUnless(
      FileManager.default.isExecutableFile(atPath: CLIHarness.covgate), "build covgate first")
  }

  private func covgate(_ arguments: [String]) throws -> CLIHarness.Result {
    try CLIHarness.run(CLIHarness.covgate, arguments, in: package)
  }

  @discardableResult
  private func git(_ arguments: [String]) throws -> CLIHarness.Result {
    let result = try CLIHarness.run(
      "/usr/bin/env", ["git", "-c", "user.email=t@t", "-c", "user.name=t"] + arguments, in: package)
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    return result
  }

  private func json(_ path: String) throws -> [String: Any] {
    try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
        as? [String: Any])
  }

  func testPatchCoverageGatesTheChangedLinesAndNamesTheOnesThatDidNotRun() throws {
    try git(["init", "-q"])
    try "/.build/\n".write(toFile: "\(package)/.gitignore", atomically: true, encoding: .utf8)
    try git(["add", "."])
    try git(["commit", "-qm", "base"])
    try git(["branch", "base"])
    // One new function a test runs (discounted twice) and one no test runs.
    let price = "\(package)/Sources/Pricing/Price.swift"
    var text = try String(contentsOfFile: price, encoding: .utf8)
    // The other tests of this class share the copy: they start from the fixture's sources.
    let original = text
    defer { try? original.write(toFile: price, atomically: true, encoding: .utf8) }
    text += """

      extension Price {
        /// Never called by a test.
        public func doubled() -> Price {
          Price(cents: cents * 2)
        }
      }

      """
    try text.write(toFile: price, atomically: true, encoding: .utf8)
    try "patch: { minimum: 90 }\n".write(
      toFile: "\(package)/.covgate.yml", atomically: true, encoding: .utf8)

    let result = try covgate(["run", "--base", "base", "--output", "\(package)/out-patch"])
    XCTAssertEqual(result.exitCode, 1, result.stdout + result.stderr)
    let patch = try XCTUnwrap(
      try json("\(package)/out-patch/covgate.json")["patch"] as? [String: Any])
    let files = try XCTUnwrap(patch["files"] as? [[String: Any]])
    XCTAssertEqual(files.map { $0["path"] as? String }, ["Sources/Pricing/Price.swift"])
    let uncovered = try XCTUnwrap(files.first?["uncoveredLines"] as? [Int])
    XCTAssertFalse(uncovered.isEmpty)
    // The uncovered lines are the new function's body, as llvm-cov's line view says.
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    for line in uncovered {
      XCTAssertTrue(
        ["public func doubled() -> Price {", "Price(cents: cents * 2)", "}"].contains(
          lines[line - 1].trimmingCharacters(in: .whitespaces)), "line \(line): \(lines[line - 1])")
    }
    XCTAssertTrue(
      result.stdout.contains("of changed executable lines is below the minimum 90%"), result.stdout)
    let unmeasured = try XCTUnwrap(patch["unmeasured"] as? [[String: Any]]).compactMap {
      $0["path"] as? String
    }
    XCTAssertTrue(
      unmeasured.contains(".covgate.yml"),
      "an untracked new file is part of the change: \(unmeasured)")

    let missing = try covgate([
      "check", "--input", "\(package)/.build/debug/codecov/Sample.json", "--base", "no-such-ref",
    ])
    XCTAssertEqual(missing.exitCode, 2)
    XCTAssertTrue(missing.stderr.contains("base 'no-such-ref' not found"), missing.stderr)
  }

  func testTheBaselineFailsADropAndOnlyEverRises() throws {
    try? FileManager.default.removeItem(atPath: "\(package)/.covgate.yml")
    let baselineFile = "\(package)/.covgate-baseline.json"
    // The mutation scores `covgate mutate --all --update-baseline` kept stay through a save.
    try
      #"{"schemaVersion": 1, "layers": {}, "targets": {}, "mutation": {"logic": {"covered": 3, "count": 4}}}"#
      .write(toFile: baselineFile, atomically: true, encoding: .utf8)
    let save = try covgate(["baseline", "save", "--output", "\(package)/out-save", "--quiet"])
    XCTAssertEqual(save.exitCode, 0, save.stderr)
    let saved = try json(baselineFile)
    XCTAssertNotNil((saved["layers"] as? [String: Any])?["logic"])
    XCTAssertEqual(
      (saved["mutation"] as? [String: Any])?["logic"] as? NSDictionary,
      ["covered": 3, "count": 4] as NSDictionary)

    // Lower coverage: an untested function in the gated layer.
    let tax = "\(package)/Sources/Pricing/Tax.swift"
    let original = try String(contentsOfFile: tax, encoding: .utf8)
    defer { try? original.write(toFile: tax, atomically: true, encoding: .utf8) }
    try
      (original
      + "\nextension Tax {\n  public static func unused(_ a: Int) -> Int {\n    let b = a * 2\n    let c = b + 1\n    return c\n  }\n}\n")
      .write(toFile: tax, atomically: true, encoding: .utf8)
    let dropped = try covgate(["run", "--output", "\(package)/out-drop", "--update-baseline"])
    XCTAssertEqual(dropped.exitCode, 1, dropped.stdout + dropped.stderr)
    XCTAssertTrue(dropped.stdout.contains("points below the baseline"), dropped.stdout)
    XCTAssertEqual(
      try json(baselineFile) as NSDictionary, saved as NSDictionary,
      "the baseline must never be lowered")
  }

  /// Excluding a function in source takes exactly its llvm-cov figures out of the file's.
  func testAnInSourceExclusionRemovesExactlyTheFunctionsFiguresAndIsListed() throws {
    try? FileManager.default.removeItem(atPath: "\(package)/.covgate.yml")
    try? FileManager.default.removeItem(atPath: "\(package)/.covgate-baseline.json")
    let tax = "\(package)/Sources/Pricing/Tax.swift"
    let original = try String(contentsOfFile: tax, encoding: .utf8)
    defer { try? original.write(toFile: tax, atomically: true, encoding: .utf8) }
    XCTAssertEqual(
      try covgate(["run", "--output", "\(package)/out-before", "--format", "json", "--quiet"])
        .exitCode, 0)
    // llvm-cov's own figures for the function about to be excluded.
    let profile = "\(package)/.build/debug/codecov/default.profdata"
    let binary = "\(package)/.build/debug/SamplePackageTests.xctest"
    let functions = try CLIHarness.run(
      "\(CLIHarness.toolchainBin)/llvm-cov",
      ["report", "-show-functions", "-instr-profile=\(profile)", binary, tax])
    // The function and the autoclosure of its `||` are separate records: both leave.
    let rows = functions.stdout.split(separator: "\n").filter { $0.contains("taxesGroceries") }
    XCTAssertEqual(rows.count, 2, functions.stdout)
    var (regions, lines) = (0, 0)
    for row in rows {
      // Name (may hold spaces), then regions, missed, cover, lines, missed, cover, branches, missed, cover.
      let fields = row.split(separator: " ").map(String.init)
      regions += Int(fields[fields.count - 9])!
      lines += Int(fields[fields.count - 6])!
    }

    let marked = original.replacingOccurrences(
      of: "  /// Whether a state charges tax on groceries.",
      with:
        "  // covgate:ignore-start the grocery rules are checked by the state's own suite\n  /// Whether a state charges tax on groceries."
    )
    .replacingOccurrences(
      of: "    return state == \"NY\" || state == \"TX\"\n  }",
      with: "    return state == \"NY\" || state == \"TX\"\n  }\n  // covgate:ignore-end")
    XCTAssertNotEqual(marked, original)
    try marked.write(toFile: tax, atomically: true, encoding: .utf8)
    XCTAssertEqual(
      try covgate(["run", "--output", "\(package)/out-after", "--format", "json", "--quiet"])
        .exitCode, 0)

    func taxSummary(_ folder: String) throws -> [String: [String: Any]] {
      let files = try XCTUnwrap(try json("\(folder)/covgate.json")["files"] as? [[String: Any]])
      return try XCTUnwrap(
        files.first { $0["path"] as? String == "Sources/Pricing/Tax.swift" }?["summary"]
          as? [String: [String: Any]])
    }
    let before = try taxSummary("\(package)/out-before")
    let after = try taxSummary("\(package)/out-after")
    XCTAssertEqual(
      after["lines"]?["count"] as? Int, (before["lines"]?["count"] as? Int).map { $0 - lines })
    XCTAssertEqual(
      after["regions"]?["count"] as? Int, (before["regions"]?["count"] as? Int).map { $0 - regions }
    )
    XCTAssertEqual(
      after["functions"]?["count"] as? Int,
      (before["functions"]?["count"] as? Int).map { $0 - rows.count })
    let exclusions = try XCTUnwrap(
      try json("\(package)/out-after/covgate.json")["exclusions"] as? [[String: Any]])
    XCTAssertEqual(exclusions.count, 1)
    XCTAssertEqual(
      exclusions.first?["reason"] as? String,
      "the grocery rules are checked by the state's own suite")
    XCTAssertEqual(exclusions.first?["ranAnyway"] as? Bool, false)

    try original.replacingOccurrences(
      of: "/// Sales tax rules.", with: "// covgate:ignore-start\n/// Sales tax rules."
    )
    .write(toFile: tax, atomically: true, encoding: .utf8)
    let broken = try covgate(["run", "--output", "\(package)/out-broken", "--quiet"])
    XCTAssertEqual(broken.exitCode, 2)
    XCTAssertTrue(
      broken.stderr.contains("Sources/Pricing/Tax.swift:1: covgate:ignore-start needs a reason"),
      broken.stderr)
  }

  /// A build that fails before any test ran gives no coverage: one line and exit 3.
  func testABuildFailureExitsThree() throws {
    let broken = "\(package)/Sources/Pricing/Broken.swift"
    try "let x: Int = \"not a number\"\n".write(toFile: broken, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: broken) }
    let result = try covgate([
      "run", "--output", "\(package)/out-broken-build", "--quiet", "--no-history",
    ])
    XCTAssertEqual(result.exitCode, 3, result.stderr)
    XCTAssertTrue(result.stderr.contains("covgate: error: `swift test` failed"), result.stderr)
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: "\(package)/out-broken-build/covgate.json"))
  }
}
