import Foundation
import XCTest

/// `action.yml` itself, its steps run as GitHub's runner runs a composite action
/// (`ci/action_harness.py`: expressions rendered, `GITHUB_PATH`, `GITHUB_OUTPUT` and the step
/// summary wired between steps, conditions after a failure), against a release of the covgate
/// these tests built served from a file:// URL, on the project the self-test workflow gates: a
/// green run with a pull-request comment, a cache hit, a matrix's artifact names, hostile args,
/// and runners without gh and without curl.
extension ActionEndToEndTests {
  /// The job's report and the harness's own result.
  private struct Job {
    var result: CLIHarness.Result
    var report: [String: Any]

    var outputs: [String: String] { report["outputs"] as? [String: String] ?? [:] }
    var outcomes: [String: String] {
      Dictionary(
        (report["steps"] as? [[String: Any]] ?? []).map {
          ($0["name"] as? String ?? "", $0["outcome"] as? String ?? "")
        }, uniquingKeysWith: { first, _ in first })
    }
  }

  /// A release of the covgate these tests built, where `COVGATE_RELEASE_URL` points; its version.
  private func release() throws -> String {
    let version = try CLIHarness.run(CLIHarness.covgate, ["--version"]).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let made = try CLIHarness.run(
      "/bin/bash",
      ["\(Self.repository)/ci/dist.sh", CLIHarness.covgate, "\(work)/releases/v\(version)"])
    XCTAssertEqual(made.exitCode, 0, made.stderr)
    return version
  }

  /// The project the self-test workflow gates (`ci/action/self-test`: a Bazel-shaped workspace
  /// with one C file), its tracefile renamed with a space in the name.
  private func workspace() throws -> String {
    let folder = "\(work)/workspace"
    try FileManager.default.copyItem(
      atPath: "\(Self.repository)/ci/action/self-test", toPath: folder)
    try FileManager.default.moveItem(
      atPath: "\(folder)/twice.lcov", toPath: "\(folder)/my run.lcov")
    return folder
  }

  private func runAction(
    _ inputs: [String: String], hide: [String] = [], state: String = "state"
  ) throws -> Job {
    let arguments =
      [
        "\(Self.repository)/ci/action_harness.py", Self.repository, "--workspace",
        "\(work)/workspace", "--state", "\(work)/\(state)", "--event", "pull_request",
        "--pull-request", "7",
      ] + inputs.sorted { $0.key < $1.key }.flatMap { ["--input", "\($0.key)=\($0.value)"] }
      + hide.flatMap { ["--hide", $0] }
    let result = try CLIHarness.run(
      "/usr/bin/env", ["python3"] + arguments,
      environment: [
        "PATH": "\(work)/bin:/usr/bin:/bin", "COVGATE_RELEASE_URL": "file://\(work)/releases",
        // The covgate these tests built writes a profile; not into the workspace.
        "LLVM_PROFILE_FILE": "\(work)/covgate-%p.profraw",
      ])
    let report = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
      result.stdout + result.stderr)
    return Job(result: result, report: report)
  }

  func testTheActionsStepsRunAsTheRunnerRunsThem() throws {
    try XCTSkipUnless(
      FileManager.default.isExecutableFile(atPath: CLIHarness.covgate), "build covgate first")
    let version = try release()
    let workspace = try workspace()
    let args = "check --lcov 'my run.lcov' --format all"

    let green = try runAction(["version": version, "args": args])
    XCTAssertEqual(green.result.exitCode, 0, green.result.stderr)
    XCTAssertEqual(green.outputs["exit-code"], "0")
    XCTAssertEqual(green.outcomes["Restore covgate from the cache"], "success")
    XCTAssertEqual(green.outcomes["Save covgate to the cache"], "success", "a miss is saved")
    XCTAssertEqual(green.outcomes["Comment on the pull request"], "success")
    XCTAssertEqual(green.outcomes["covgate's verdict"], "success")
    let summary = green.report["summary"] as? String ?? ""
    XCTAssertTrue(
      summary.contains("workspace"), "covgate's Markdown in the job summary: \(summary)")
    XCTAssertTrue(summary.contains("Branches (measured)"), summary)
    XCTAssertTrue(
      FileManager.default.fileExists(
        atPath: "\(work)/state/artifacts/covgate-reports/covgate.json"),
      "the reports kept as the artifact")
    XCTAssertEqual(try comments().count, 1, "one pull-request comment")
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: "\(workspace)/default.profraw"))

    // The next job of the same runner: the cache hits and is not saved again; a matrix's second
    // job with the same artifact name collides as GitHub answers (409).
    let again = try runAction(["version": version, "args": args, "artifact-name": "second"])
    XCTAssertEqual(again.outcomes["Save covgate to the cache"], "skipped")
    XCTAssertEqual(again.outputs["exit-code"], "0", again.result.stderr)
    XCTAssertEqual(try comments().count, 1, "the comment edited, not added")
    let collided = try runAction(["version": version, "args": args])
    XCTAssertEqual(collided.outcomes["Keep the reports"], "failure")

    // Hostile args are words, never code: nothing in them runs, covgate refuses them (64).
    let hostile = try runAction(
      ["version": version, "args": "check --lcov 'my run.lcov' `touch ticked` $(touch pwned)"],
      state: "hostile")
    XCTAssertEqual(hostile.outputs["exit-code"], "64", hostile.result.stderr)
    XCTAssertEqual(hostile.outcomes["Run covgate"], "success", "the reports are still kept")
    XCTAssertEqual(hostile.outcomes["covgate's verdict"], "failure")
    XCTAssertNotEqual(hostile.result.exitCode, 0)
    for file in ["pwned", "ticked", "`touch", "$(touch"] {
      XCTAssertFalse(FileManager.default.fileExists(atPath: "\(workspace)/\(file)"), file)
    }

    // A runner without gh (the swift images): the comment step says so and passes, the verdict
    // stays the gate's.
    let noGh = try runAction(
      ["version": version, "args": args, "artifact-name": "no-gh"], hide: ["gh"])
    XCTAssertEqual(noGh.outcomes["Comment on the pull request"], "success")
    XCTAssertEqual(noGh.outputs["exit-code"], "0", noGh.result.stderr)
    XCTAssertTrue(noGh.result.stderr.contains("gh is not installed"), noGh.result.stderr)
    XCTAssertEqual(noGh.result.exitCode, 0)

    // A runner without curl: the install step says so, and nothing after it pretends to pass.
    let bare = try runAction(["version": version, "args": args], hide: ["curl"], state: "bare")
    XCTAssertEqual(bare.outcomes["Install covgate"], "failure")
    XCTAssertTrue(
      bare.result.stderr.contains("curl is not installed"), bare.result.stderr)
    XCTAssertEqual(bare.outcomes["Run covgate"], "skipped")
    XCTAssertEqual(bare.outputs["exit-code"], "", "no verdict without covgate")
    XCTAssertNotEqual(bare.result.exitCode, 0)
  }
}
