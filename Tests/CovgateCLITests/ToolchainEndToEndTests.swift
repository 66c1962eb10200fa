import Foundation
import XCTest

/// Toolchain faults end to end: a `swift` with no llvm tools beside it, Debian's LLVM 14
/// `llvm-cov` first on PATH, and a test binary rebuilt after the tests ran.
final class ToolchainEndToEndTests: XCTestCase {
  nonisolated(unsafe) private static var package = ""

  override class func setUp() {
    super.setUp()
    package = SampleCopy.make("toolchain")
  }

  override class func tearDown() {
    SampleCopy.remove(package)
    super.tearDown()
  }

  private var package: String { Self.package }
  private var binary: String { "\(package)/.build/debug/SamplePackageTests.xctest" }

  override func setUpWithError() throws {
    try XCTSkipUnless(
      FileManager.default.isExecutableFile(atPath: CLIHarness.covgate), "build covgate first")
  }

  private func covgate(_ arguments: [String], environment: [String: String] = [:]) throws
    -> CLIHarness.Result
  {
    try CLIHarness.run(CLIHarness.covgate, arguments, in: package, environment: environment)
  }

  /// A red run: covgate merges the profiles and exports the test binary itself, and the raw
  /// profiles stay in `.build/debug/codecov` for `check --from-build`.
  private func redRun() throws {
    let red = try covgate(
      ["run", "--output", "\(package)/out-red", "--quiet", "--no-history"],
      environment: ["SAMPLE_FAIL": "1"])
    XCTAssertEqual(red.exitCode, 3, red.stderr)
    XCTAssertTrue(red.stderr.contains("covgate: export coverage"), red.stderr)
  }

  private func profiles() throws -> [String] {
    let codecov = "\(package)/.build/debug/codecov"
    return try FileManager.default.contentsOfDirectory(atPath: codecov)
      .filter { $0.hasSuffix(".profraw") }.map { "\(codecov)/\($0)" }
  }

  private func errorLines(_ stderr: String) -> [Substring] {
    stderr.split(separator: "\n").filter { $0.hasPrefix("covgate: ") && $0.contains("error") }
  }

  /// `COVGATE_SWIFT` names a `swift` (a script that would leave a mark) in a folder without
  /// `llvm-cov`, then without `llvm-profdata`: exit 2 naming the missing tool, nothing run.
  func testASwiftWithoutItsLLVMToolsIsExitTwoNamingTheMissingTool() throws {
    let tools = "\(package)/lonely-swift"
    try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
    let mark = "\(package)/swift-was-run"
    try "#!/bin/sh\ntouch '\(mark)'\nexit 1\n".write(
      toFile: "\(tools)/swift", atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o755], ofItemAtPath: "\(tools)/swift")
    let output = "\(package)/out-lonely"

    for (missing, present) in [("llvm-cov", nil), ("llvm-profdata", "llvm-cov")] {
      if let present {
        try FileManager.default.createSymbolicLink(
          atPath: "\(tools)/\(present)",
          withDestinationPath: "\(CLIHarness.toolchainBin)/\(present)")
      }
      let result = try covgate(
        ["run", "--output", output], environment: ["COVGATE_SWIFT": "\(tools)/swift"])
      XCTAssertEqual(result.exitCode, 2, result.stderr)
      XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
      XCTAssertTrue(
        result.stderr.hasPrefix(
          "covgate: error: no \(missing) next to \(tools)/swift; install the full toolchain"),
        result.stderr)
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: mark), "covgate ran the swift")
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: output), "an input error writes no report")
  }

  /// PATH lists Debian's LLVM 14 tools (/usr/bin) before the toolchain: covgate still takes
  /// the llvm-cov and llvm-profdata beside `swift`. Debian's cannot read Swift 6 profiles, so
  /// the success alone shows it; under strace, so does the list of programs covgate ran.
  func testDebiansLLVMCovFirstOnPATHIsPassedOver() throws {
    let debian = "/usr/bin/llvm-cov"
    try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: debian), "no \(debian)")
    let realDebian = URL(fileURLWithPath: debian).resolvingSymlinksInPath().path
    let toolchainCov = "\(CLIHarness.toolchainBin)/llvm-cov"
    try XCTSkipIf(
      realDebian == URL(fileURLWithPath: toolchainCov).resolvingSymlinksInPath().path,
      "/usr/bin/llvm-cov is the toolchain's own")
    try redRun()
    let debianMerge = try CLIHarness.run(
      "/usr/bin/llvm-profdata",
      ["merge", "-sparse"] + (try profiles()) + ["-o", "\(package)/debian.profdata"])
    XCTAssertNotEqual(
      debianMerge.exitCode, 0,
      "Debian's llvm-profdata reads Swift's profiles: this test proves nothing")

    let path = "/usr/bin:\(CLIHarness.toolchainBin):/bin"
    let output = "\(package)/out-debian-first"
    let arguments = [
      "check", "--from-build", ".build/debug", "--output", output, "--format", "json",
      "--no-history",
    ]
    let trace = "\(package)/exec-trace"
    let strace = "/usr/bin/strace"
    let traced =
      try FileManager.default.isExecutableFile(atPath: strace)
      && CLIHarness.run(strace, ["-f", "-o", "/dev/null", "true"]).exitCode == 0
    let result =
      traced
      ? try CLIHarness.run(
        strace, ["-f", "-qq", "-e", "trace=execve", "-o", trace, CLIHarness.covgate] + arguments,
        in: package, environment: ["PATH": path])
      : try covgate(arguments, environment: ["PATH": path])

    XCTAssertEqual(result.exitCode, 0, result.stderr)
    let expected = try CLIHarness.llvmCovTotal(
      profile: "\(package)/.build/debug/codecov/covgate.profdata", binary: binary)
    let data = try XCTUnwrap(FileManager.default.contents(atPath: "\(output)/covgate.json"))
    let totals =
      (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["totals"]
      as? [String: [String: Any]]
    XCTAssertEqual(totals?["lines"]?["count"] as? Int, expected["lines"]?.count)
    if traced {
      let executed = try String(contentsOfFile: trace, encoding: .utf8)
      XCTAssertTrue(executed.contains("execve(\"\(toolchainCov)\""), executed)
      XCTAssertTrue(
        executed.contains("execve(\"\(CLIHarness.toolchainBin)/llvm-profdata\""), executed)
      XCTAssertFalse(executed.contains("execve(\"/usr/bin/llvm-"), executed)
    }
    print(
      "Debian llvm-cov first on PATH: passed over (\(traced ? "checked with strace" : "no strace"))"
    )
  }

  /// A test binary rebuilt (here: touched) after a red run, then `check --from-build`.
  ///
  /// llvm-cov's own "profile data may be out of date" check never fires here: it compares the
  /// binary with the profile covgate has just merged, which is newer. Checked by hand with
  /// Swift 6.3.1: after changing a function and rebuilding, `llvm-cov export` printed nothing
  /// and left the changed function out (the Sample's lines went from 28 to 23). covgate
  /// therefore compares the binary with the raw profiles itself: exit 2, one line, no report.
  func testATestBinaryRebuiltAfterTheTestsRanIsAStaleProfile() throws {
    try redRun()
    let binaryModified = Date()
    for profile in try profiles() {
      try FileManager.default.setAttributes(
        [.modificationDate: binaryModified.addingTimeInterval(-5)], ofItemAtPath: profile)
    }
    try FileManager.default.setAttributes([.modificationDate: binaryModified], ofItemAtPath: binary)
    let output = "\(package)/out-stale"

    let result = try covgate(["check", "--from-build", ".build/debug", "--output", output])

    XCTAssertEqual(result.exitCode, 2, result.stderr)
    XCTAssertEqual(errorLines(result.stderr).count, 1, result.stderr)
    XCTAssertTrue(
      result.stderr.contains("covgate: error: the profile is older than "), result.stderr)
    XCTAssertTrue(
      result.stderr.contains(
        "SamplePackageTests.xctest (rebuilt after the tests ran), so its data would be wrong; run the tests again"
      ),
      result.stderr)
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: output), "a stale profile writes no report")

    // Running the tests again is the fix the message gives.
    try redRun()
    let again = try covgate([
      "check", "--from-build", ".build/debug", "--output", output, "--no-history",
    ])
    XCTAssertEqual(again.exitCode, 0, again.stderr)
  }
}
