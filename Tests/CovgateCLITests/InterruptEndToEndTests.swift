import Foundation
import XCTest

/// `--timeout` and Ctrl-C end to end: the built `covgate` runs the Sample package with its
/// test `testHangsWhenAsked` hanging (SAMPLE_HANG), and must stop `swift test` and the test
/// binary SwiftPM started in a process group of its own, leave no file half-written, and exit
/// with 3 (timeout), 130 (SIGINT) or 143 (SIGTERM).
final class InterruptEndToEndTests: XCTestCase {
  nonisolated(unsafe) private static var package = ""
  nonisolated(unsafe) private static var built = false

  override class func setUp() {
    super.setUp()
    package = SampleCopy.make("interrupt")
  }

  override class func tearDown() {
    SampleCopy.remove(package)
    super.tearDown()
  }

  private var package: String { Self.package }
  /// Written by the hanging test when it begins to hang (SAMPLE_HANG_MARK).
  private var mark: String { "\(package)/hang-mark" }
  /// The folder a green run wrote its reports to, before any interrupted run.
  private var greenOutput: String { "\(package)/out-green" }

  /// Builds the package and writes the reports of a green run, once for the class, so that
  /// the time limits below do not include the first build.
  override func setUpWithError() throws {
    try XCTSkipUnless(
      FileManager.default.isExecutableFile(atPath: CLIHarness.covgate), "build covgate first")
    try XCTSkipUnless(RunningProcesses.available, "needs /proc to find leftover processes")
    try? FileManager.default.removeItem(atPath: mark)
    if !Self.built {
      let green = try CLIHarness.run(
        CLIHarness.covgate, ["run", "--output", greenOutput, "--quiet", "--no-history"],
        in: package)
      XCTAssertEqual(green.exitCode, 0, green.stderr)
      Self.built = true
    }
  }

  /// A process a failed test left running would hold the harness's pipes and hang the next
  /// test: stop whatever of this package copy still runs (by pid).
  override func tearDown() {
    for process in RunningProcesses.involving(package) {
      if let pid = pid_t(process.prefix { $0 != ":" }) { kill(pid, SIGKILL) }
    }
    super.tearDown()
  }

  /// Runs covgate and waits for it at most a minute: a child it failed to stop keeps
  /// Foundation from seeing its exit, which must fail the test, not hang it.
  private func covgate(_ arguments: [String], environment: [String: String]) throws -> (
    result: CLIHarness.Result, seconds: TimeInterval
  ) {
    let start = Date()
    let run = try BackgroundCommand(
      CLIHarness.covgate, arguments, in: package, environment: environment)
    let finished = try XCTUnwrap(
      run.wait(seconds: 60), "covgate (or a process it left) still runs after 60 s")
    XCTAssertTrue(finished.exited, "covgate died of a signal")
    return (finished.result, Date().timeIntervalSince(start))
  }

  private func errorLines(_ stderr: String) -> [Substring] {
    stderr.split(separator: "\n").filter { $0.hasPrefix("covgate: error: ") }
  }

  private func assertNothingLeftRunning(file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(RunningProcesses.involving(package), [], "left running", file: file, line: line)
  }

  /// The hanging test is the only test process: it is stopped before writing a profile, so
  /// there is no coverage, no report, one line, exit 3, and no test process left.
  func testATimeoutStopsTheTestsAndEverythingTheyStartedAndExitsThree() throws {
    let output = "\(package)/out-timeout"
    let (result, seconds) = try covgate(
      ["run", "--timeout", "5", "--output", output, "--quiet"],
      environment: ["SAMPLE_HANG": "1", "SAMPLE_HANG_MARK": mark])

    XCTAssertEqual(result.exitCode, 3, result.stderr)
    XCTAssertEqual(errorLines(result.stderr).count, 1, result.stderr)
    XCTAssertTrue(
      result.stderr.contains(
        "covgate: error: the tests timed out after 5 s, so covgate stopped `swift test` and every process it started; "
      ), result.stderr)
    XCTAssertTrue(
      FileManager.default.fileExists(atPath: mark),
      "the hanging test never started within 5 s: \(result.stderr)")
    assertNothingLeftRunning()
    XCTAssertLessThan(seconds, 30, "the timeout took \(seconds) s")
    XCTAssertEqual(FolderContents.of(output), [:], "no coverage, so no report")
    print("timeout run: \(String(format: "%.1f", seconds)) s")
  }

  /// With `--parallel` each test runs in a process of its own: those that finished leave
  /// profiles, so covgate still merges, exports and reports them, and exits 3.
  func testATimeoutStillReportsTheCoverageOfTheTestsThatFinished() throws {
    let output = "\(package)/out-timeout-parallel"
    let (result, seconds) = try covgate(
      ["run", "--timeout", "15", "--output", output, "--quiet", "--", "--parallel"],
      environment: ["SAMPLE_HANG": "1", "SAMPLE_HANG_MARK": mark])

    XCTAssertEqual(result.exitCode, 3, result.stderr)
    XCTAssertEqual(errorLines(result.stderr).count, 1, result.stderr)
    XCTAssertTrue(result.stderr.contains("timed out after 15 s"), result.stderr)
    XCTAssertTrue(FileManager.default.fileExists(atPath: mark), result.stderr)
    assertNothingLeftRunning()
    XCTAssertLessThan(seconds, 60)
    let data = try XCTUnwrap(FileManager.default.contents(atPath: "\(output)/covgate.json"))
    let json = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    XCTAssertEqual((json["tests"] as? [String: Any])?["passed"] as? Bool, false)
    let lines = (json["totals"] as? [String: [String: Any]])?["lines"]
    XCTAssertGreaterThan(lines?["covered"] as? Int ?? 0, 0, "the finished tests' coverage")
    XCTAssertEqual(FolderContents.temporaryFiles(in: output), [])
    print("timeout run with --parallel: \(String(format: "%.1f", seconds)) s")
  }

  func testCtrlCStopsTheTestsAndExits130LeavingTheReportsAsTheyWere() throws {
    try assertInterrupting(with: SIGINT, exitsWith: 130, named: "SIGINT")
  }

  /// SIGTERM is what CI sends a cancelled job. `swift test` dies of it without stopping the
  /// test binary it started in another process group: covgate stops that one itself.
  func testSIGTERMStopsTheTestsAndExits143LeavingTheReportsAsTheyWere() throws {
    try assertInterrupting(with: SIGTERM, exitsWith: 143, named: "SIGTERM")
  }

  /// In a per-test run the hanging test is the child of a test server: covgate stops both.
  func testCtrlCStopsAPerTestRunsServersAndTheirChildren() throws {
    try assertInterrupting(with: SIGINT, exitsWith: 130, named: "SIGINT", arguments: ["--per-test"])
  }

  private func assertInterrupting(
    with signal: Int32, exitsWith code: Int32, named name: String, arguments: [String] = [],
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let before = FolderContents.of(greenOutput)
    XCTAssertFalse(before.isEmpty, file: file, line: line)
    let run = try BackgroundCommand(
      CLIHarness.covgate, ["run", "--output", greenOutput] + arguments, in: package,
      environment: ["SAMPLE_HANG": "1", "SAMPLE_HANG_MARK": mark])
    let deadline = Date().addingTimeInterval(120)
    while !FileManager.default.fileExists(atPath: mark), Date() < deadline, run.process.isRunning {
      usleep(100_000)
    }
    XCTAssertTrue(
      FileManager.default.fileExists(atPath: mark), "the hanging test never started",
      file: file, line: line)
    XCTAssertFalse(RunningProcesses.involving(package).isEmpty, file: file, line: line)

    let start = Date()
    run.send(signal)
    let finished = run.wait(seconds: 20)
    let seconds = Date().timeIntervalSince(start)

    let (result, exited) = try XCTUnwrap(finished, "covgate still runs", file: file, line: line)
    XCTAssertTrue(
      exited, "covgate died of the signal instead of handling it", file: file, line: line)
    XCTAssertEqual(result.exitCode, code, result.stderr, file: file, line: line)
    XCTAssertLessThan(seconds, 10, file: file, line: line)
    XCTAssertEqual(
      errorLines(result.stderr).map(String.init),
      [
        "covgate: error: interrupted by \(name); stopped the processes covgate started, and no report was left half-written"
      ], result.stderr, file: file, line: line)
    assertNothingLeftRunning(file: file, line: line)
    XCTAssertEqual(
      FolderContents.of(greenOutput), before, "the reports changed", file: file, line: line)
    XCTAssertEqual(FolderContents.temporaryFiles(in: greenOutput), [], file: file, line: line)
    print("\(name): covgate exited \(String(format: "%.2f", seconds)) s after the signal")
  }
}
