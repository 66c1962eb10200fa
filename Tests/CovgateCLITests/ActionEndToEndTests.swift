import Foundation
import XCTest

/// The GitHub Action's parts run here: `action.yml` and the release workflow validate against
/// GitHub's schemas (check-jsonschema's copies), the comment script keeps one pull-request comment
/// through a fake `gh` that keeps the comments in a file and logs every call, and the install
/// script takes a release made by `ci/dist.sh` from a file:// URL, checksum verified.
final class ActionEndToEndTests: XCTestCase {
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
  var work = ""

  override func setUpWithError() throws {
    work = NSTemporaryDirectory() + "covgate-action-\(UUID().uuidString)"
    try FileManager.default.createDirectory(
      atPath: "\(work)/bin", withIntermediateDirectories: true)
    // `gh api`: the comments of one pull request in comments.json, each with its author; POST
    // adds one by github-actions[bot], PATCH edits; with FAKE_GH_DENY set both fail as GitHub does
    // for a token without the right, with FAKE_GH_DENY_LIST listing fails too.
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
          if os.environ.get("FAKE_GH_DENY_LIST"):
              sys.stderr.write("gh: Resource not accessible by integration (HTTP 403)\\n")
              sys.exit(1)
          query = args[args.index("--jq") + 1]
          marker = re.search(r'startswith\\("(.*?)"\\)', query).group(1)
          author = re.search(r'\\.user\\.login == "(.*?)"', query)
          for comment in comments:
              if comment["body"].startswith(marker) and (not author or comment["user"]["login"] == author.group(1)):
                  print(comment["id"])
          sys.exit(0)
      if os.environ.get("FAKE_GH_DENY"):
          sys.stderr.write("gh: Resource not accessible by integration (HTTP 403)\\n")
          sys.exit(1)
      body = open([a for a in args if a.startswith("body=@")][0][6:]).read()
      if method == "POST":
          comments.append({"id": 1000 + len(comments), "body": body, "user": {"login": "github-actions[bot]"}})
      else:
          target = int(endpoint.rsplit("/", 1)[1])
          for comment in comments:
              if comment["id"] == target:
                  comment["body"] = body
      json.dump(comments, open(state, "w"))
      print("{}")
      """
    try gh.write(toFile: "\(work)/bin/gh", atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o755], ofItemAtPath: "\(work)/bin/gh")
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(atPath: work)
  }

  private func comment(
    _ report: String, kind: String? = nil, environment: [String: String] = [:]
  ) throws -> CLIHarness.Result {
    let file = "\(work)/covgate.md"
    try report.write(toFile: file, atomically: true, encoding: .utf8)
    return try CLIHarness.run(
      "/bin/bash",
      ["\(Self.repository)/ci/action/comment.sh", "7", file] + (kind.map { [$0] } ?? []),
      environment: [
        "PATH": "\(work)/bin:/usr/bin:/bin", "GITHUB_REPOSITORY": "team/app",
        "GITHUB_STEP_SUMMARY": "\(work)/summary.md",
      ].merging(environment) { $1 })
  }

  func comments() throws -> [[String: Any]] {
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
    XCTAssertEqual(
      all.first?["body"] as? String,
      "<!-- covgate: coverage report -->\n### covgate: App: gate PASSED\n")
    let log = try String(contentsOfFile: "\(work)/gh.log", encoding: .utf8).split(separator: "\n")
    XCTAssertEqual(
      log.filter { $0.contains("-X POST repos/team/app/issues/7/comments") }.count, 1, "\(log)")
    XCTAssertEqual(
      log.filter { $0.contains("-X PATCH repos/team/app/issues/comments/1000") }.count, 1, "\(log)")
  }

  func testWithoutTheRightToCommentTheSummarySaysSoAndTheStepPasses() throws {
    let denied = try comment("### covgate\n", environment: ["FAKE_GH_DENY": "1"])
    XCTAssertEqual(denied.exitCode, 0, denied.stderr)
    let summary = try String(contentsOfFile: "\(work)/summary.md", encoding: .utf8)
    XCTAssertTrue(
      summary.contains("could not comment on #7: the token has no pull-requests: write"), summary)
  }

  func testTheActionAndTheReleaseWorkflowValidateAgainstGitHubsSchemas() throws {
    let found = try CLIHarness.run("/usr/bin/env", ["sh", "-c", "command -v check-jsonschema"])
    try XCTSkipIf(found.exitCode != 0, "check-jsonschema is not installed (make test installs it)")
    for (schema, file) in [
      ("vendor.github-actions", "action.yml"),
      ("vendor.github-workflows", ".github/workflows/release.yml"),
      ("vendor.github-workflows", ".github/workflows/action-self-test.yml"),
      ("vendor.github-workflows", ".github/workflows/macos.yml"),
      ("vendor.github-workflows", "ci/github-actions.yml"),
      ("vendor.github-workflows", "ci/github-actions-xcode.yml"),
    ] {
      let result = try CLIHarness.run(
        "/usr/bin/env",
        ["check-jsonschema", "--builtin-schema", schema, "\(Self.repository)/\(file)"])
      XCTAssertEqual(result.exitCode, 0, "\(file): \(result.stdout)\(result.stderr)")
    }
    // The action runs the scripts it ships, by the action's own path.
    let action = try String(contentsOfFile: "\(Self.repository)/action.yml", encoding: .utf8)
    // By $GITHUB_ACTION_PATH: `github.action_path` is the host's path in a container job.
    XCTAssertFalse(action.contains("github.action_path"))
    for script in ["ci/action/install.sh", "ci/action/comment.sh", "ci/action/run.sh"] {
      XCTAssertTrue(action.contains("\"$GITHUB_ACTION_PATH/\(script)\""), script)
      XCTAssertTrue(
        FileManager.default.isExecutableFile(atPath: "\(Self.repository)/\(script)"), script)
    }
  }

  /// A release made by ci/dist.sh, fetched from a file:// URL as from GitHub: installed once,
  /// found again without a download, and refused when the tarball does not match SHA256SUMS.
  func testTheInstallScriptChecksTheTarballAndInstallsIt() throws {
    try XCTSkipUnless(
      FileManager.default.isExecutableFile(atPath: CLIHarness.covgate), "build covgate first")
    let version = try CLIHarness.run(CLIHarness.covgate, ["--version"]).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let release = "\(work)/releases/v\(version)"
    let made = try CLIHarness.run(
      "/bin/bash", ["\(Self.repository)/ci/dist.sh", CLIHarness.covgate, release])
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

    // A cache is not trusted: a binary swapped in it is unpacked over again from the kept
    // tarball, and a kept tarball that is not the release's is downloaded again.
    let cachedBinary = "\(folder)/covgate"
    try "#!/bin/sh\necho swapped\n".write(toFile: cachedBinary, atomically: true, encoding: .utf8)
    XCTAssertEqual(try install("\(work)/tool").exitCode, 0)
    XCTAssertEqual(
      try CLIHarness.run(cachedBinary, ["--version"]).stdout.trimmingCharacters(
        in: .whitespacesAndNewlines),
      version)
    let keptTarball = try XCTUnwrap(
      try FileManager.default.contentsOfDirectory(atPath: "\(work)/tool").first {
        $0.hasSuffix(".tar.gz")
      })
    try Data("not the release".utf8).write(to: URL(fileURLWithPath: "\(work)/tool/\(keptTarball)"))
    let again = try install("\(work)/tool")
    XCTAssertEqual(again.exitCode, 0, again.stderr)
    XCTAssertEqual(
      try CLIHarness.run(cachedBinary, ["--version"]).stdout.trimmingCharacters(
        in: .whitespacesAndNewlines),
      version)

    let tarball = try XCTUnwrap(
      try FileManager.default.contentsOfDirectory(atPath: release).first { $0.hasSuffix(".tar.gz") }
    )
    let handle = try FileHandle(forUpdating: URL(fileURLWithPath: "\(release)/\(tarball)"))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("tampered".utf8))
    try handle.close()
    let refused = try install("\(work)/other")
    XCTAssertEqual(refused.exitCode, 2)
    XCTAssertTrue(
      refused.stderr.contains("does not match the release's SHA256SUMS"), refused.stderr)
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: "\(work)/other/\(tarball.dropLast(7))/covgate"))
  }

  func testACommentSomeoneElseWroteWithTheMarkerIsNeverEdited() throws {
    let marker = "<!-- covgate: coverage report -->"
    let foreign: [[String: Any]] = [
      ["id": 500, "body": "\(marker)\nmine", "user": ["login": "someone"]]
    ]
    try JSONSerialization.data(withJSONObject: foreign).write(
      to: URL(fileURLWithPath: "\(work)/comments.json"))
    let posted = try comment("### covgate\n")
    XCTAssertEqual(posted.exitCode, 0, posted.stderr)
    let all = try comments()
    XCTAssertEqual(all.count, 2, "a comment of covgate's own")
    XCTAssertEqual(
      all.first?["body"] as? String, "\(marker)\nmine", "the other author's comment unchanged")
  }

  /// Listing the comments refused, gh missing, any gh failure: the step passes with a note, so a
  /// passing gate stays green.
  func testTheCommentNeverTurnsTheVerdictRed() throws {
    let denied = try comment("### covgate\n", environment: ["FAKE_GH_DENY_LIST": "1"])
    XCTAssertEqual(denied.exitCode, 0, denied.stderr)
    var summary = try String(contentsOfFile: "\(work)/summary.md", encoding: .utf8)
    XCTAssertTrue(summary.contains("could not read the comments of #7"), summary)

    try FileManager.default.createDirectory(
      atPath: "\(work)/no-gh", withIntermediateDirectories: true)
    for tool in ["cat", "mktemp", "rm", "wc", "head", "grep"] {
      try? FileManager.default.createSymbolicLink(
        atPath: "\(work)/no-gh/\(tool)", withDestinationPath: "/usr/bin/\(tool)")
      if !FileManager.default.fileExists(atPath: "/usr/bin/\(tool)") {
        try? FileManager.default.removeItem(atPath: "\(work)/no-gh/\(tool)")
        try? FileManager.default.createSymbolicLink(
          atPath: "\(work)/no-gh/\(tool)", withDestinationPath: "/bin/\(tool)")
      }
    }
    let missing = try comment("### covgate\n", environment: ["PATH": "\(work)/no-gh"])
    XCTAssertEqual(missing.exitCode, 0, missing.stderr)
    summary = try String(contentsOfFile: "\(work)/summary.md", encoding: .utf8)
    XCTAssertTrue(summary.contains("gh is not installed"), summary)
  }

  func testAReportLongerThanACommentIsCut() throws {
    let posted = try comment(String(repeating: "| row | 100.00% |\n", count: 3_700))
    XCTAssertEqual(posted.exitCode, 0, posted.stderr)
    let body = try XCTUnwrap(try comments().first?["body"] as? String)
    XCTAssertLessThanOrEqual(body.utf8.count, 65_536)
    XCTAssertTrue(
      body.hasSuffix("the whole report is in the job summary and the artifact.\n"),
      String(body.suffix(200)))
  }

  /// The Run step's script takes the args input as words: quotes kept together, `$(...)` and
  /// backquotes left as text, `--output` before a `--`, and none for commands without reports.
  /// The mutation report is a comment of its own beside the coverage one, each edited in place.
  func testTheMutationReportIsAStickyCommentOfItsOwn() throws {
    XCTAssertEqual(try comment("### covgate: App: gate PASSED\n").exitCode, 0)
    let mutation = try comment("### covgate mutate: failed\n", kind: "mutation")
    XCTAssertTrue(mutation.stdout.contains("posted the mutation comment on #7"), mutation.stdout)
    let again = try comment("### covgate mutate: passed\n", kind: "mutation")
    XCTAssertTrue(again.stdout.contains("updated the mutation comment on #7"), again.stdout)
    XCTAssertEqual(
      try comments().compactMap { $0["body"] as? String },
      [
        "<!-- covgate: coverage report -->\n### covgate: App: gate PASSED\n",
        "<!-- covgate: mutation report -->\n### covgate mutate: passed\n",
      ])
    let wrong = try comment("x\n", kind: "other")
    XCTAssertEqual(wrong.exitCode, 2)
    XCTAssertTrue(wrong.stderr.contains("coverage or mutation, not 'other'"), wrong.stderr)
  }

  func testHostileArgsAreWordsNotCode() throws {
    let fake = "#!/usr/bin/env bash\nfor a in \"$@\"; do printf '[%s]' \"$a\"; done; echo\nexit 1\n"
    try fake.write(toFile: "\(work)/bin/covgate", atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o755], ofItemAtPath: "\(work)/bin/covgate")
    func run(_ args: String) throws -> (words: String, exitCode: String, stderr: String) {
      let output = "\(work)/github-output"
      try? FileManager.default.removeItem(atPath: output)
      let result = try CLIHarness.run(
        "/bin/bash", ["\(Self.repository)/ci/action/run.sh"],
        environment: [
          "PATH": "\(work)/bin:/usr/bin:/bin", "COVGATE_ARGS": args,
          "COVGATE_OUTPUT": ".build/cov gate",
          "GITHUB_OUTPUT": output,
        ])
      XCTAssertEqual(result.exitCode, 0, "the step passes; the verdict step fails")
      let written = try String(contentsOfFile: output, encoding: .utf8)
      return (result.stdout.trimmingCharacters(in: .newlines), written, result.stderr)
    }
    XCTAssertEqual(
      try run("run --format all").words, "[run][--format][all][--output][.build/cov gate]")
    XCTAssertEqual(try run("run --format all").exitCode, "markdown=covgate.md\nexit-code=1\n")
    // mutate writes its reports to the output too, and its comment is made of its own Markdown.
    let merge = try run("mutate merge 'shard 1.json'")
    XCTAssertEqual(merge.words, "[mutate][merge][shard 1.json][--output][.build/cov gate]")
    XCTAssertEqual(merge.exitCode, "markdown=covgate-mutation.md\nexit-code=1\n")
    XCTAssertEqual(
      try run("check --input 'my shard.json' -- --filter \"it's\"").words,
      "[check][--input][my shard.json][--output][.build/cov gate][--][--filter][it's]")
    XCTAssertEqual(
      try run("run $(touch \(work)/pwned) `touch \(work)/pwned`").words,
      "[run][$(touch][\(work)/pwned)][`touch][\(work)/pwned`][--output][.build/cov gate]")
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: "\(work)/pwned"), "nothing in the input ran")
    XCTAssertEqual(try run("history --last 3").words, "[history][--last][3]")
    XCTAssertEqual(try run("run --output mine").words, "[run][--output][mine]")
    let open = try run("run -- --filter it's")
    XCTAssertEqual(open.exitCode, "exit-code=2\n")
    XCTAssertTrue(open.stderr.contains("the args input cannot be split into words"), open.stderr)
  }

  /// Which release to fetch: the repository input, else the one the action was fetched from (its
  /// folder under _actions), else a clear error; and without curl, a clear error.
  func testTheInstallScriptFindsItsRepositoryAndSaysWhatIsMissing() throws {
    try FileManager.default.createDirectory(
      atPath: "\(work)/fake-curl", withIntermediateDirectories: true)
    try "#!/bin/sh\necho \"$*\" >> \(work)/curl.log\nexit 22\n".write(
      toFile: "\(work)/fake-curl/curl", atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o755], ofItemAtPath: "\(work)/fake-curl/curl")
    func install(_ environment: [String: String]) throws -> CLIHarness.Result {
      try CLIHarness.run(
        "/bin/bash", ["\(Self.repository)/ci/action/install.sh", "v9.9.9", "\(work)/tool"],
        environment: ["PATH": "\(work)/fake-curl:/usr/bin:/bin", "COVGATE_RELEASE_URL": ""].merging(
          environment
        ) { $1 })
    }
    let fromPath = try install(["GITHUB_ACTION_PATH": "/home/runner/work/_actions/acme/covgate/v9"])
    XCTAssertEqual(fromPath.exitCode, 2)
    XCTAssertTrue(
      fromPath.stderr.contains(
        "https://github.com/acme/covgate/releases/download/v9.9.9/SHA256SUMS"), fromPath.stderr)
    let named = try install([
      "GITHUB_ACTION_PATH": "/home/runner/work/_actions/acme/covgate/v9",
      "COVGATE_REPOSITORY": "team/fork",
    ])
    XCTAssertTrue(
      named.stderr.contains("https://github.com/team/fork/releases/download/"), named.stderr)
    let local = try install(["GITHUB_ACTION_PATH": "/home/runner/work/app/app"])
    XCTAssertEqual(local.exitCode, 2)
    XCTAssertTrue(local.stderr.contains("set the action's repository input"), local.stderr)
    try FileManager.default.createDirectory(
      atPath: "\(work)/empty", withIntermediateDirectories: true)
    let noCurl = try install(["PATH": "\(work)/empty", "COVGATE_REPOSITORY": "acme/covgate"])
    XCTAssertEqual(noCurl.exitCode, 2)
    XCTAssertTrue(noCurl.stderr.contains("curl is not installed"), noCurl.stderr)
  }
}
