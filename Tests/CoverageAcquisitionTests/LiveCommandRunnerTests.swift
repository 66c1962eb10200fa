import Foundation
import XCTest

@testable import CoverageAcquisition

/// `LiveCommandRunner.stream` with real processes: its own process group, the time limit, and
/// stopping grandchildren that left the group (as SwiftPM's test binaries do).
final class LiveCommandRunnerTests: XCTestCase {
  private var folder = ""

  override func setUpWithError() throws {
    folder = NSTemporaryDirectory() + "covgate-live-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(atPath: folder)
  }

  private func shell(
    _ script: String, timeout: TimeInterval? = nil, grace: TimeInterval = 5
  ) throws -> (result: StreamResult, seconds: TimeInterval) {
    let start = Date()
    let result = try LiveCommandRunner(stopGrace: grace).stream(
      "/bin/sh", ["-c", script], in: folder, timeout: timeout)
    return (result, Date().timeIntervalSince(start))
  }

  /// Whether `pid` is still a live process (a zombie is not).
  private static func isRunning(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let entry = ProcessTree.parse(stat: stat)
    else { return false }
    return !entry.hasExited
  }

  /// The pid a script wrote to `file`; a process still running at the end of the test is
  /// killed then, so that a failure cannot leave a `sleep 300` behind.
  private func pid(in file: String) throws -> pid_t {
    let text = try String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8)
    let pid = try XCTUnwrap(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    addTeardownBlock {
      if Self.isRunning(pid) { kill(pid, SIGKILL) }
    }
    return pid
  }

  func testExitCodesAndSignalsComeBack() throws {
    XCTAssertEqual(try shell("exit 7").result, StreamResult(exitCode: 7))
    XCTAssertEqual(
      try shell("kill -TERM $$").result, StreamResult(exitCode: 128 + SIGTERM, signal: SIGTERM))
  }

  /// Its own process group, in the given folder, standard input from /dev/null, no signal
  /// blocked (whatever the calling thread blocks).
  func testTheCommandRunsInAGroupOfItsOwn() throws {
    try XCTSkipUnless(FileManager.default.fileExists(atPath: "/proc/self/stat"), "needs /proc")
    let script = """
      set -e
      test "$(cut -d' ' -f5 /proc/$$/stat)" = "$$"
      test "$(pwd -P)" = "$(cd '\(folder)' && pwd -P)"
      test "$(readlink /proc/$$/fd/0)" = /dev/null
      grep -q '^SigBlk:[[:space:]]*0*$' /proc/self/status
      """
    var blocked = sigset_t()
    sigemptyset(&blocked)
    sigaddset(&blocked, SIGTERM)
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &blocked, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    XCTAssertEqual(try shell(script).result, StreamResult(exitCode: 0))
  }

  func testACommandThatEndsInTimeIsNotStopped() throws {
    let (result, seconds) = try shell("exit 3", timeout: 30)
    XCTAssertEqual(result, StreamResult(exitCode: 3))
    XCTAssertLessThan(seconds, 10)
  }

  /// The grandchild moved to a session and group of its own and would outlive a signal to
  /// the command's group: it is stopped all the same.
  func testATimedOutCommandIsStoppedWithEverythingItStarted() throws {
    let setsid = "/usr/bin/setsid"
    try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: setsid), "needs setsid")
    let script = "\(setsid) sleep 300 & echo $! > grandchild; echo $$ > child; sleep 300"
    let (result, seconds) = try shell(script, timeout: 1)
    XCTAssertTrue(result.timedOut)
    XCTAssertEqual(result.exitCode, 128 + SIGTERM)
    XCTAssertLessThan(seconds, 5, "SIGTERM ends it: no wait for the grace")
    XCTAssertFalse(Self.isRunning(try pid(in: "child")))
    XCTAssertFalse(Self.isRunning(try pid(in: "grandchild")), "the grandchild outlived the timeout")
  }

  func testACommandThatIgnoresSIGTERMIsKilledAfterTheGrace() throws {
    let script = "trap '' TERM; echo $$ > child; sleep 300"
    let (result, seconds) = try shell(script, timeout: 0.5, grace: 0.5)
    XCTAssertTrue(result.timedOut)
    XCTAssertEqual(result.exitCode, 128 + SIGKILL)
    XCTAssertLessThan(seconds, 5)
    XCTAssertFalse(Self.isRunning(try pid(in: "child")))
  }

  func testAMissingExecutableCannotRun() {
    XCTAssertThrowsError(
      try LiveCommandRunner().stream("/nonexistent/swift", [], in: nil, timeout: nil)
    ) { error in
      guard case .cannotRun(let tool, _) = error as? ToolchainError else {
        return XCTFail("\(error)")
      }
      XCTAssertEqual(tool, "/nonexistent/swift")
    }
  }

  /// Output larger than a pipe holds, on both streams at once, comes back whole and in order;
  /// the exit code, the folder and an empty standard input too.
  func testCaptureCollectsBothStreamsWhole() throws {
    let script = """
      i=0; while [ $i -lt 20000 ]; do echo "out $i"; echo "err $i" >&2; i=$((i+1)); done
      pwd; cat; exit 4
      """
    let result = try LiveCommandRunner().capture("/bin/sh", ["-c", script], in: folder)
    XCTAssertEqual(result.exitCode, 4)
    let out = result.stdout.split(separator: "\n")
    let err = result.stderr.split(separator: "\n")
    XCTAssertEqual(out.count, 20_001)
    XCTAssertEqual(out.first, "out 0")
    XCTAssertEqual(out[19_999], "out 19999")
    XCTAssertEqual(
      URL(fileURLWithPath: String(out.last!)).resolvingSymlinksInPath().path,
      URL(fileURLWithPath: folder).resolvingSymlinksInPath().path)
    XCTAssertEqual(err, (0..<20_000).map { "err \($0)"[...] })
  }

  func testACapturedMissingExecutableCannotRunAndLeavesNoDescriptorOpen() throws {
    let before = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
    for _ in 0..<3 {
      XCTAssertThrowsError(try LiveCommandRunner().capture("/nonexistent/git", [], in: nil)) {
        error in
        guard case .cannotRun("/nonexistent/git", _) = error as? ToolchainError else {
          return XCTFail("\(error)")
        }
      }
      _ = try LiveCommandRunner().capture("/bin/true", [], in: nil)
    }
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count, before)
  }

  /// Streamed and kept: both streams come back whole (and were echoed as they came), the exit
  /// code too, and a command past its time limit is still stopped.
  func testStreamingKeepsTheOutputAndHonoursTheTimeLimit() throws {
    let (result, output) = try LiveCommandRunner().streamKeepingOutput(
      "/bin/sh", ["-c", "echo kept-out; echo kept-err >&2; exit 3"], in: nil, timeout: nil)
    XCTAssertEqual(result.exitCode, 3)
    XCTAssertTrue(output.contains("kept-out"), output)
    XCTAssertTrue(output.contains("kept-err"), output)

    let start = Date()
    let (stopped, _) = try LiveCommandRunner(stopGrace: 0.2).streamKeepingOutput(
      "/bin/sh", ["-c", "echo started; sleep 30"], in: nil, timeout: 0.5)
    XCTAssertTrue(stopped.timedOut)
    XCTAssertLessThan(
      Date().timeIntervalSince(start), 10, "stopped at its limit, not after the sleep")
  }
}
