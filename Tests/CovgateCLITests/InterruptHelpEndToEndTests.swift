import Foundation
import XCTest

/// What `--help` says about `--timeout` and the exit codes of an interrupted run.
final class InterruptHelpEndToEndTests: XCTestCase {
  override func setUpWithError() throws {
    try XCTSkipUnless(
      FileManager.default.isExecutableFile(atPath: CLIHarness.covgate), "build covgate first")
  }

  func testTheHelpListsTheInterruptedExitCodes() throws {
    let help = try CLIHarness.run(CLIHarness.covgate, ["--help"])
    XCTAssertEqual(help.exitCode, 0, help.stderr)
    XCTAssertTrue(help.stdout.contains("130 interrupted by SIGINT (Ctrl-C)"), help.stdout)
    XCTAssertTrue(help.stdout.contains("143 interrupted by SIGTERM"), help.stdout)
  }

  func testTheCommandsThatRunTheTestsTakeATimeout() throws {
    XCTAssertTrue(try CovgateHelp.of(["run"]).flags.contains("--timeout"))
    XCTAssertTrue(try CovgateHelp.of(["baseline", "save"]).flags.contains("--timeout"))
    XCTAssertFalse(try CovgateHelp.of(["check"]).flags.contains("--timeout"))
  }
}
