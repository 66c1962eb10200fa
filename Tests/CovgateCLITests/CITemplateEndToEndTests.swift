import Foundation
import XCTest
import Yams

/// The CI templates in ci/ and the README's "Use in CI" commands: their structure, that they
/// call covgate only with subcommands and flags the built covgate has, and that GitLab's
/// coverage pattern reads the lines total from covgate's real text report.
final class CITemplateEndToEndTests: XCTestCase {
  private static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  private func text(_ path: String) throws -> String {
    try String(contentsOf: Self.repository.appendingPathComponent(path), encoding: .utf8)
  }

  /// A YAML file with every scalar read as a string (so `on:` stays a key, not `true`).
  private func yaml(_ path: String) throws -> [String: Any] {
    try XCTUnwrap(try Yams.load(yaml: text(path), .basic) as? [String: Any], path)
  }

  private func steps(_ job: [String: Any]?) -> [[String: Any]] {
    job?["steps"] as? [[String: Any]] ?? []
  }

  private func uses(_ steps: [[String: Any]], _ action: String) -> [String: Any]? {
    steps.first { ($0["uses"] as? String)?.hasPrefix(action + "@") == true }
  }

  private func runs(_ steps: [[String: Any]]) -> [String] {
    steps.compactMap { $0["run"] as? String }
  }

  func testTheGitHubWorkflowShardsTheTestsMergesThemAndPublishes() throws {
    let workflow = try yaml("ci/github-actions.yml")
    let triggers = try XCTUnwrap(workflow["on"] as? [String: Any])
    XCTAssertNotNil(triggers.index(forKey: "pull_request"))
    XCTAssertNotNil(triggers.index(forKey: "push"))
    let jobs = try XCTUnwrap(workflow["jobs"] as? [String: [String: Any]])
    XCTAssertEqual(Set(jobs.keys), ["test", "coverage", "pages"])

    let test = jobs["test"]
    let shards =
      try XCTUnwrap((test?["strategy"] as? [String: Any])?["matrix"] as? [String: Any])["shard"]
      as? [Any]
    XCTAssertEqual(shards?.map { "\($0)" }, ["1", "2", "3"])
    XCTAssertEqual(
      (uses(steps(test), "actions/checkout")?["with"] as? [String: String])?["fetch-depth"], "0")
    XCTAssertEqual(
      (uses(steps(test), "actions/cache/restore")?["with"] as? [String: String])?["path"],
      ".build/covgate/covgate-test-map.json")
    XCTAssertTrue(
      runs(steps(test)).contains(
        "covgate run --per-test --shard ${{ matrix.shard }}/3 --format json --no-history || test $? -eq 1"
      ),
      "\(runs(steps(test)))")
    XCTAssertEqual(
      (uses(steps(test), "actions/upload-artifact")?["with"] as? [String: String])?["path"],
      "shard${{ matrix.shard }}*.json")

    let coverage = jobs["coverage"]
    XCTAssertEqual(coverage?["needs"] as? String, "test")
    XCTAssertEqual(
      (uses(steps(coverage), "actions/checkout")?["with"] as? [String: String])?["fetch-depth"], "0"
    )
    XCTAssertEqual(
      (uses(steps(coverage), "actions/download-artifact")?["with"] as? [String: String])?[
        "merge-multiple"], "true")
    XCTAssertTrue(
      runs(steps(coverage)).contains(
        #"covgate check --input shard1.json --input shard2.json --input shard3.json --base "origin/$BASE_REF" --format all --revision ${{ github.sha }}"#
      ),
      "\(runs(steps(coverage)))")
    XCTAssertTrue(
      runs(steps(coverage)).contains(
        "covgate merge --output .build/covgate/covgate-test-map.json shard1-covgate-test-map.json shard2-covgate-test-map.json shard3-covgate-test-map.json"
      ))
    XCTAssertEqual(
      (uses(steps(coverage), "actions/cache/save")?["with"] as? [String: String])?["key"],
      "covgate-test-map-${{ github.sha }}")
    XCTAssertEqual(
      (uses(steps(coverage), "actions/upload-artifact")?["with"] as? [String: String])?["path"],
      ".build/covgate/")
    // The Pages upload runs on the runner, not in the swift container.
    XCTAssertNil(uses(steps(coverage), "actions/upload-pages-artifact"))

    let pages = jobs["pages"]
    XCTAssertNil(pages?["container"])
    XCTAssertEqual(pages?["if"] as? String, "github.ref == 'refs/heads/main'")
    XCTAssertEqual((pages?["permissions"] as? [String: String])?["pages"], "write")
    XCTAssertEqual(
      (uses(steps(pages), "actions/download-artifact")?["with"] as? [String: String])?["name"],
      (uses(steps(coverage), "actions/upload-artifact")?["with"] as? [String: String])?["name"])
    XCTAssertEqual(
      (uses(steps(pages), "actions/upload-pages-artifact")?["with"] as? [String: String])?["path"],
      "site/")
    XCTAssertNotNil(uses(steps(pages), "actions/deploy-pages"))
  }

  /// No template builds covgate: GitHub's install the release through the Action, GitLab's
  /// downloads the release tarball and checks it against SHA256SUMS; none hard-codes SwiftPM's
  /// build folder.
  func testTheTemplatesInstallTheReleaseInsteadOfBuildingCovgate() throws {
    for path in ["ci/github-actions.yml", "ci/github-actions-xcode.yml"] {
      let jobs = try XCTUnwrap(try yaml(path)["jobs"] as? [String: [String: Any]])
      for (name, job) in jobs where runs(steps(job)).contains(where: { $0.contains("covgate ") }) {
        let install = try XCTUnwrap(
          steps(job).first { ($0["uses"] as? String)?.hasPrefix("OWNER/covgate@") == true },
          "\(path) \(name)")
        XCTAssertEqual(
          (install["with"] as? [String: String])?["args"], "", "install only: \(path) \(name)")
      }
      let text = try text(path)
      XCTAssertFalse(text.contains("swift build -c release"), path)
      XCTAssertFalse(text.contains(".build/debug/codecov"), path)
    }
    let gitlab = try XCTUnwrap(try yaml("ci/gitlab-ci.yml")["coverage"] as? [String: Any])
    let before = (gitlab["before_script"] as? [String] ?? []).joined(separator: "\n")
    XCTAssertTrue(before.contains("sha256sum --ignore-missing -c SHA256SUMS"), before)
    XCTAssertFalse(before.contains("swift build"), before)
  }

  /// GitLab sets the merge request's variables only in merge request pipelines: the workflow
  /// runs those, and branch pipelines only where no merge request is open.
  func testTheGitLabWorkflowRunsMergeRequestPipelines() throws {
    let rules = try XCTUnwrap(
      (try yaml("ci/gitlab-ci.yml")["workflow"] as? [String: Any])?["rules"] as? [[String: Any]])
    XCTAssertEqual(rules.first?["if"] as? String, #"$CI_PIPELINE_SOURCE == "merge_request_event""#)
    XCTAssertEqual(
      rules.first { ($0["if"] as? String)?.contains("CI_OPEN_MERGE_REQUESTS") == true }?["when"]
        as? String, "never")
  }

  func testTheGitLabPipelineReportsCoberturaAndPublishesPages() throws {
    let pipeline = try yaml("ci/gitlab-ci.yml")
    let coverage = try XCTUnwrap(pipeline["coverage"] as? [String: Any])
    XCTAssertNotNil(coverage["coverage"] as? String)
    let artifacts = try XCTUnwrap(coverage["artifacts"] as? [String: Any])
    XCTAssertEqual(artifacts["when"] as? String, "always")
    let reports = try XCTUnwrap(artifacts["reports"] as? [String: Any])
    XCTAssertEqual(
      reports["coverage_report"] as? [String: String],
      ["coverage_format": "cobertura", "path": ".build/covgate/cobertura.xml"])
    XCTAssertEqual(reports["junit"] as? String, ".build/covgate/junit.xml")
    XCTAssertTrue(
      (coverage["script"] as? [String])?.joined().contains("covgate run --format all") == true)

    let pages = try XCTUnwrap(pipeline["pages"] as? [String: Any])
    XCTAssertEqual(pages["stage"] as? String, "deploy")
    XCTAssertEqual(pages["needs"] as? [String], ["coverage"])
    XCTAssertEqual((pages["artifacts"] as? [String: Any])?["paths"] as? [String], ["public"])
    XCTAssertTrue(
      (pages["script"] as? [String])?.contains("cp -R .build/covgate/. public/") == true)
  }

  /// The Xcode template: the tests on a macOS runner write xccov's JSON of each result bundle,
  /// and a Linux job gates both runs merged.
  func testTheXcodeWorkflowHandsXccovsJSONFromAMacToALinuxGate() throws {
    let workflow = try yaml("ci/github-actions-xcode.yml")
    let jobs = try XCTUnwrap(workflow["jobs"] as? [String: [String: Any]])
    let mac = try XCTUnwrap(jobs["xcode-tests"])
    XCTAssertTrue((mac["runs-on"] as? String)?.hasPrefix("macos") == true)
    let macScript = runs(steps(mac)).joined(separator: "\n")
    XCTAssertEqual(
      macScript.components(separatedBy: "-enableCodeCoverage YES").count - 1, 2, "unit and UI runs")
    XCTAssertTrue(macScript.contains("xcrun xccov view --report --json"))
    XCTAssertTrue(macScript.contains("xcrun xccov view --archive --json"))
    XCTAssertEqual(
      uses(steps(mac), "actions/upload-artifact")?["with"].flatMap {
        ($0 as? [String: Any])?["name"] as? String
      }, "xccov")
    let gate = try XCTUnwrap(jobs["coverage"])
    XCTAssertEqual(gate["needs"] as? String, "xcode-tests")
    XCTAssertEqual(gate["runs-on"] as? String, "ubuntu-latest")
    let checks = runs(steps(gate)).filter { $0.hasPrefix("covgate check") }
    XCTAssertEqual(checks.count, 2)
    for check in checks {
      XCTAssertEqual(check.components(separatedBy: "--xccov-report").count - 1, 2, check)
      XCTAssertEqual(check.components(separatedBy: "--xccov-archive").count - 1, 2, check)
    }
  }

  func testEveryCovgateCommandUsesSubcommandsAndFlagsCovgateHas() throws {
    try XCTSkipUnless(
      FileManager.default.isExecutableFile(atPath: CLIHarness.covgate), "build covgate first")
    let github = try yaml("ci/github-actions.yml")["jobs"] as? [String: [String: Any]] ?? [:]
    let gitlab = try yaml("ci/gitlab-ci.yml")
    let xcode = try yaml("ci/github-actions-xcode.yml")["jobs"] as? [String: [String: Any]] ?? [:]
    var scripts = (github.values.map { $0 } + xcode.values.map { $0 }).flatMap { runs(steps($0)) }
    for job in gitlab.values.compactMap({ $0 as? [String: Any] }) {
      scripts += (job["before_script"] as? [String] ?? []) + (job["script"] as? [String] ?? [])
    }
    scripts.append(try codeBlocks(of: "docs/ci.md"))
    scripts.append(try codeBlocks(of: "docs/xcode.md"))
    scripts.append(try codeBlocks(of: "README.md", section: "## Xcode projects"))
    scripts.append(try codeBlocks(of: "README.md", section: "## Everyday commands"))
    let commands = scripts.flatMap { CovgateCommandLine.all(in: $0) }
    XCTAssertGreaterThanOrEqual(commands.count, 8, "\(commands.map(\.line))")

    let top = try CovgateHelp.of([])
    let formats = Set([
      "all", "text", "json", "lcov", "html", "cobertura", "sonarqube", "junit", "markdown", "badge",
    ])
    var helps: [[String]: CovgateHelp] = [:]
    for command in commands {
      XCTAssertTrue(
        top.subcommands.contains(command.subcommands[0]), "unknown subcommand in: \(command.line)")
      let help = try helps[command.subcommands] ?? CovgateHelp.of(command.subcommands)
      helps[command.subcommands] = help
      XCTAssertFalse(help.flags.isEmpty, "no help for \(command.subcommands)")
      // A parent's options are its subcommands' too (`mutate merge --format`): ArgumentParser
      // reads them wherever they stand.
      let parent =
        command.subcommands.count > 1
        ? try helps[Array(command.subcommands.dropLast())]
          ?? CovgateHelp.of(Array(command.subcommands.dropLast())) : nil
      for flag in command.flags {
        XCTAssertTrue(
          help.flags.contains(flag) || parent?.flags.contains(flag) == true,
          "covgate \(command.subcommands.joined(separator: " ")) has no \(flag): \(command.line)")
      }
      for format in command.formats {
        XCTAssertTrue(formats.contains(format), "unknown format \(format): \(command.line)")
      }
    }
  }

  /// GitLab keeps the last match of the pattern in the job log and takes its first number.
  func testTheGitLabCoveragePatternReadsTheLinesTotalOfCovgatesTextReport() throws {
    let pattern =
      try XCTUnwrap(try yaml("ci/gitlab-ci.yml")["coverage"] as? [String: Any])["coverage"]
      as? String
    let source = try XCTUnwrap(pattern.map { String($0.dropFirst().dropLast()) })
    XCTAssertEqual(pattern?.first, "/")
    XCTAssertEqual(pattern?.last, "/")
    let regex = try NSRegularExpression(pattern: source)
    let report = try text("Tests/CoverageReportsTests/Golden/text.txt")
    let log =
      "Building for debugging...\nTest Suite 'All tests' passed\ncovgate: report (0.1s)\n" + report
    let range = NSRange(log.startIndex..., in: log)
    let match = try XCTUnwrap(regex.matches(in: log, range: range).last)
    let matched = String(log[Range(match.range, in: log)!])
    let number = try XCTUnwrap(matched.range(of: #"\d+(?:\.\d+)?"#, options: .regularExpression))
    let totalRow = try XCTUnwrap(report.split(separator: "\n").first { $0.hasPrefix("TOTAL ") })
    let linesPercent = try XCTUnwrap(totalRow.split(separator: " ").dropFirst().first).dropLast()
    XCTAssertEqual(String(matched[number]), String(linesPercent))
    XCTAssertEqual(String(linesPercent), "57.57")
  }

  /// The code blocks of a Markdown file, or of one of its sections (up to the next `## `).
  private func codeBlocks(of path: String, section heading: String? = nil) throws -> String {
    let document = try text(path)
    var section = document[...]
    if let heading {
      let start = try XCTUnwrap(
        document.range(of: "\n\(heading)\n"), "\(path) has no \(heading)")
      let rest = document[start.upperBound...]
      section = rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)]
    }
    let parts = section.components(separatedBy: "```")
    // Odd parts are inside fences; their first line names the language.
    return stride(from: 1, to: parts.count, by: 2).map { parts[$0].drop { $0 != "\n" } }.joined(
      separator: "\n")
  }

  /// The templates, the CI guide and the README install the release covgate says it is: a pin
  /// of another version downloads assets no release has.
  func testEveryPinnedReleaseIsTheVersionCovgateSays() throws {
    try XCTSkipUnless(
      FileManager.default.isExecutableFile(atPath: CLIHarness.covgate), "build covgate first")
    let version = try CLIHarness.run(CLIHarness.covgate, ["--version"]).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let pin = try NSRegularExpression(
      pattern: #"(?:covgate@v|version: |COVGATE_VERSION: )(\d+\.\d+\.\d+)"#)
    var found = 0
    for path in [
      "ci/github-actions.yml", "ci/github-actions-xcode.yml", "ci/gitlab-ci.yml", "docs/ci.md",
      "README.md",
    ] {
      let text = try text(path)
      for match in pin.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
        let pinned = String(text[Range(match.range(at: 1), in: text)!])
        XCTAssertEqual(pinned, version, "\(path) pins \(pinned)")
        found += 1
      }
    }
    XCTAssertGreaterThanOrEqual(found, 6)
  }

  /// No input or event text is pasted into a script the Action runs: each reaches it through
  /// the environment (GitHub renders `${{ }}` into the script before bash reads it).
  func testTheActionsScriptsTakeNoExpressions() throws {
    let action = try yaml("action.yml")
    let steps = try XCTUnwrap((action["runs"] as? [String: Any])?["steps"] as? [[String: Any]])
    let scripts = runs(steps)
    XCTAssertGreaterThanOrEqual(scripts.count, 4)
    for script in scripts {
      XCTAssertFalse(script.contains("${{"), script)
    }
  }
}
