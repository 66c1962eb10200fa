import Foundation
import XCTest

/// The GitHub Action's parts run here: `action.yml` and the release workflow validate against
/// GitHub's schemas (check-jsonschema's copies), the comment script keeps one pull-request comment
/// through a fake `gh` that keeps the comments in a file and logs every call, and the install
/// script takes a release made by `ci/dist.sh` from a file:// URL, checksum verified.
final class ActionEndToEndTests: XCTestCase {
  private static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
  private var work = ""

  override func setUpWithError() throws {
    work = NSTemporaryDirectory() + "covgate-action-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: "\(work)/bin", withIntermediateDirectories: true)
    // `gh api`: the comments of one pull request in comments.json; POST adds, PATCH edits, and
    // with FAKE_GH_DENY set both fail as GitHub does for a token without the right.
    let gh = """
      #!/usr/bin/env python3
      import json, os, re, sys
      work = \(String(reflecting: work))
      state = os.path.join(work, "comments.json")
      comments = json.load(open(state)) if os.path.exists(state) else []
      args = sys.argv[1:]
      open(os.path.join(work, "gh.log"), "a").write(" ".join(a for a in args if not a.startswith("body=")) + "\\n")
      method = args[args.index("-X") + 1] if "-X" in args else "GET"
      endpoint = [a for a in args if a.startswith("repos/")][0]
      if method == "GET":
          marker = re.search(r'startswith\\("(.*?)"\\)', args[args.index("--jq") + 1]).group(1)
          for comment in comments:
              if comment["body"].startswith(marker):
                  print(comment["id"])
          sys.exit(0)
      if os.environ.get("FAKE_GH_DENY"):
          sys.stderr.write("gh: Resource not accessible by integration (HTTP 403)\\n")
          sys.exit(1)
      body = open([a for a in args if a.startswith("body=@")][0][6:]).read()
      if method == "POST":
          comments.append({"id": 1000 + len(comments), "body": body})
      else:
          target = int(endpoint.rsplit("/", 1)[1])
          for comment in comments:
              if comment["id"] == target:
                  comment["body"] = body
      json.dump(comments, open(state, "w"))
      print("{}")
      """
    try gh.write(toFile: "\(work)/bin/gh", atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: "\(work)/bin/gh")
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(atPath: work)
  }

  private func comment(_ report: String, environment: [String: String] = [:]) throws -> CLIHarness.Result {
    let file = "\(work)/covgate.md"
    try report.write(toFile: file, atomically: true, encoding: .utf8)
    return try CLIHarness.run(
      "/bin/bash", ["\(Self.repository)/ci/action/comment.sh", "7", file],
      environment: [
        "PATH": "\(work)/bin:/usr/bin:/bin", "GITHUB_REPOSITORY": "team/app",
        "GITHUB_STEP_SUMMARY": "\(work)/summary.md",
      ].merging(environment) { $1 })
  }

  private func comments() throws -> [[String: Any]] {
    let data = try Data(contentsOf: URL(fileURLWithPath: "\(work)/comments.json"))
    return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [[String: Any]])
  }

  func testASecondRunEditsTheFirstCommentInsteadOfAddingOne() throws {
    let first = try comment("### covgate: App: gate FAILED\n")
    XCTAssertEqual(first.exitCode, 0, first.stderr)
    XCTAssertTrue(first.stdout.contains("posted the coverage comment on #7"), first.stdout)
    let second = try comment("### covgate: App: gate PASSED\n")
    XCTAssertEqual(second.exitCode, 0, second.stderr)
    XCTAssertTrue(second.stdout.contains("updated the coverage comment on #7"), second.stdout)
    let all = try comments()
    XCTAssertEqual(all.count, 1, "one sticky comment")
    XCTAssertEqual(all.first?["body"] as? String, "<!-- covgate: coverage report -->\n### covgate: App: gate PASSED\n")
    let log = try String(contentsOfFile: "\(work)/gh.log", encoding: .utf8).split(separator: "\n")
    XCTAssertEqual(log.filter { $0.contains("-X POST repos/team/app/issues/7/comments") }.count, 1, "\(log)")
    XCTAssertEqual(log.filter { $0.contains("-X PATCH repos/team/app/issues/comments/1000") }.count, 1, "\(log)")
  }

  func testWithoutTheRightToCommentTheSummarySaysSoAndTheStepPasses() throws {
    let denied = try comment("### covgate\n", environment: ["FAKE_GH_DENY": "1"])
    XCTAssertEqual(denied.exitCode, 0, denied.stderr)
    let summary = try String(contentsOfFile: "\(work)/summary.md", encoding: .utf8)
    XCTAssertTrue(summary.contains("could not comment on #7: the token has no pull-requests: write"), summary)
  }

  func testTheActionAndTheReleaseWorkflowValidateAgainstGitHubsSchemas() throws {
    let found = try CLIHarness.run("/usr/bin/env", ["sh", "-c", "command -v check-jsonschema"])
    try XCTSkipIf(found.exitCode != 0, "check-jsonschema is not installed (make test installs it)")
    for (schema, file) in [
      ("vendor.github-actions", "action.yml"), ("vendor.github-workflows", ".github/workflows/release.yml"),
      ("vendor.github-workflows", "ci/github-actions.yml"), ("vendor.github-workflows", "ci/github-actions-xcode.yml"),
    ] {
      let result = try CLIHarness.run(
        "/usr/bin/env", ["check-jsonschema", "--builtin-schema", schema, "\(Self.repository)/\(file)"])
      XCTAssertEqual(result.exitCode, 0, "\(file): \(result.stdout)\(result.stderr)")
    }
    // The action runs the scripts it ships, by the action's own path.
    let action = try String(contentsOfFile: "\(Self.repository)/action.yml", encoding: .utf8)
    for script in ["ci/action/install.sh", "ci/action/comment.sh"] {
      XCTAssertTrue(action.contains("${{ github.action_path }}/\(script)"), script)
      XCTAssertTrue(FileManager.default.isExecutableFile(atPath: "\(Self.repository)/\(script)"), script)
    }
  }

  /// A release made by ci/dist.sh, fetched from a file:// URL as from GitHub: installed once,
  /// found again without a download, and refused when the tarball does not match SHA256SUMS.
  func testTheInstallScriptChecksTheTarballAndInstallsIt() throws {
    try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: CLIHarness.covgate), "build covgate first")
    let version = try CLIHarness.run(CLIHarness.covgate, ["--version"]).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let release = "\(work)/releases/v\(version)"
    let made = try CLIHarness.run("/bin/bash", ["\(Self.repository)/ci/dist.sh", CLIHarness.covgate, release])
    XCTAssertEqual(made.exitCode, 0, made.stderr)
    func install(_ folder: String) throws -> CLIHarness.Result {
      try CLIHarness.run(
        "/bin/bash", ["\(Self.repository)/ci/action/install.sh", "v\(version)", folder],
        environment: ["COVGATE_RELEASE_URL": "file://\(work)/releases"])
    }
    let installed = try install("\(work)/tool")
    XCTAssertEqual(installed.exitCode, 0, installed.stderr)
    let folder = installed.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let run = try CLIHarness.run("\(folder)/covgate", ["--version"])
    XCTAssertEqual(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines), version)
    XCTAssertEqual(try install("\(work)/tool").stdout, installed.stdout, "cached: the same folder")

    let tarball = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: release).first { $0.hasSuffix(".tar.gz") })
    let handle = try FileHandle(forUpdating: URL(fileURLWithPath: "\(release)/\(tarball)"))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("tampered".utf8))
    try handle.close()
    let refused = try install("\(work)/other")
    XCTAssertEqual(refused.exitCode, 2)
    XCTAssertTrue(refused.stderr.contains("does not match the release's SHA256SUMS"), refused.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: "\(work)/other/\(tarball.dropLast(7))/covgate"))
  }
}
