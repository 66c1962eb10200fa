import CovgateSupport
import Foundation
import XCTest

/// `covgate mutate` on the Mutants fixture, whose tests assert on some functions and only run
/// others: the outcomes are exactly the ones written beside its code, the package is left as
/// it was, and `--base` mutates only the changed lines and gates their score.
final class MutateEndToEndTests: XCTestCase {
  private var package = ""

  override func setUpWithError() throws {
    try XCTSkipUnless(
      FileManager.default.isExecutableFile(atPath: CLIHarness.covgate), "build covgate first")
    package = SampleCopy.make("mutate", fixture: "Mutants")
  }

  override func tearDown() {
    SampleCopy.remove(package)
    super.tearDown()
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

  private func report() throws -> [String: Any] {
    try XCTUnwrap(
      JSONSerialization.jsonObject(
        with: Data(
          contentsOf: URL(fileURLWithPath: "\(package)/.build/covgate/covgate-mutation.json")))
        as? [String: Any])
  }

  /// `file:line kind` → outcome, for every mutant of the report.
  private func outcomes(_ report: [String: Any]) -> [String: String] {
    let results = report["results"] as? [[String: Any]] ?? []
    var found: [String: String] = [:]
    for result in results {
      let mutant = result["mutant"] as? [String: Any] ?? [:]
      let file = (mutant["file"] as? String ?? "").replacingOccurrences(
        of: "Sources/Shop/", with: "")
      let key = "\(file):\(mutant["line"] as? Int ?? 0) \(mutant["mutated"] as? String ?? "")"
      found[key] = result["outcome"] as? String
    }
    return found
  }

  /// Every file of the package with its bytes, the reports' folder left out.
  private func snapshot() throws -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: package)
    while let path = enumerator?.nextObject() as? String {
      guard !path.hasPrefix(".build/covgate"), !path.hasSuffix(".profraw") else { continue }
      var isFolder: ObjCBool = false
      FileManager.default.fileExists(atPath: "\(package)/\(path)", isDirectory: &isFolder)
      if !isFolder.boolValue {
        files[path] = try Data(contentsOf: URL(fileURLWithPath: "\(package)/\(path)"))
      }
    }
    return files
  }

  func testEveryMutantEndsAsWrittenBesideTheCodeAndTheChangeAloneIsGated() throws {
    let before = try snapshot()
    let all = try covgate(["mutate", "--all", "--jobs", "2", "--format", "all"])
    XCTAssertEqual(all.exitCode, 0, all.stderr)
    // Standard output is the report alone: the builds' and tests' output goes to standard error.
    XCTAssertTrue(all.stdout.hasPrefix("covgate mutate: "), String(all.stdout.prefix(400)))
    try assertReportsAreReadByTheirConsumers()
    XCTAssertEqual(
      outcomes(try report()),
      [
        "Cart.swift:10 ": "killed",
        "Cart.swift:15 prices.isEmpty": "killed",
        "Cart.swift:20 ": "survived",
        "Cart.swift:24 audits - 1": "survived",
        "Discount.swift:5 count > 10": "killed",
        "Discount.swift:5 count < 10": "killed",
        "Discount.swift:11 count >= 100": "survived",
        "Discount.swift:11 count <= 100": "survived",
        "Discount.swift:16 years / 2": "no-coverage",
        "Discount.swift:23 count - 1": "killed",
        "Discount.swift:24 prefix - name": "unviable",
        "Discount.swift:30 step <= limit": "killed",
        "Discount.swift:30 step >= limit": "killed",
        "Discount.swift:30 step -= 1": "timed-out",
        "Discount.swift:36 value * 2": "killed",
        "Discount.swift:41 3 / 4": "killed",
      ])
    XCTAssertTrue(all.stdout.contains("logic         69.23% (9/13)"), all.stdout)
    // The static let's mutant is marked, and counted apart.
    let statics = try (report()["results"] as? [[String: Any]] ?? []).filter {
      ($0["mutant"] as? [String: Any])?["static"] as? Bool == true
    }
    XCTAssertEqual(statics.map { ($0["mutant"] as? [String: Any])?["line"] as? Int }, [41])
    XCTAssertTrue(
      all.stdout.contains("  1 static mutant (in a global's or static's initializer"), all.stdout)
    // Line 11's two survivors, ran by the same test, are one entry.
    XCTAssertTrue(
      all.stdout.contains(
        "Sources/Shop/Discount.swift:11  2 faults on this line:\n    :5  relational-boundary  `count > 100` -> `count >= 100`\n    :5  negated-comparison  `count > 100` -> `count <= 100`\n    ran by ShopTests.DiscountTests/testBulkRunsWithoutAsserting\n"
      ), all.stdout)
    XCTAssertTrue(all.stdout.contains("`recordAudit()` removed"), all.stdout)
    let markdown = try String(
      contentsOfFile: "\(package)/.build/covgate/covgate-mutation.md", encoding: .utf8)
    XCTAssertTrue(markdown.contains("<summary>4 survivors</summary>"), markdown)
    try FileManager.default.copyItem(
      atPath: "\(package)/.build/covgate/covgate-mutation.json",
      toPath: "\(package)/.build/covgate-all.json")
    // The package's sources are as they were, and nothing was built in it.
    XCTAssertEqual(try snapshot(), before)
    try assertTwoShardsMergedAreTheWholeRun(try report())

    // A file no gated layer measures fails, named, and never passes on no mutant.
    let testFile = try covgate(["mutate", "--file", "Tests/ShopTests/CartTests.swift"])
    XCTAssertEqual(testFile.exitCode, 2, testFile.stdout + testFile.stderr)
    XCTAssertTrue(
      testFile.stderr.contains(
        "--file Tests/ShopTests/CartTests.swift: not a Swift source covgate measures"),
      testFile.stderr)
    XCTAssertFalse(testFile.stdout.contains("PASSED"), testFile.stdout)

    // A change of one line: only its mutants run, and the gate on their score fails.
    try git(["init", "-q"])
    try "/.build/\n".write(toFile: "\(package)/.gitignore", atomically: true, encoding: .utf8)
    try git(["add", "."])
    try git(["commit", "-qm", "base"])
    let discount = "\(package)/Sources/Shop/Discount.swift"
    let text = try String(contentsOfFile: discount, encoding: .utf8)
    try text.replacingOccurrences(of: "count > 100", with: "count > 99")
      .write(toFile: discount, atomically: true, encoding: .utf8)
    let changed = try covgate(["mutate", "--base", "HEAD", "--jobs", "2", "--format", "all"])
    XCTAssertEqual(changed.exitCode, 1, changed.stdout + changed.stderr)
    XCTAssertEqual(
      outcomes(try report()),
      ["Discount.swift:11 count >= 99": "survived", "Discount.swift:11 count <= 99": "survived"])
    XCTAssertTrue(
      changed.stdout.contains(
        "FAIL logic: mutation score 0.00% (0 of 2 killed) is below the minimum 50%"),
      changed.stdout)
    let verdicts = try XCTUnwrap(try report()["verdicts"] as? [[String: Any]])
    XCTAssertEqual(verdicts.first?["rule"] as? String, "mutation")
    XCTAssertEqual(verdicts.first?["status"] as? String, "failed")
    // Kept for the coverage reports' view of it, at the end.
    let changeReports = "\(package)/.build/covgate-change"
    try FileManager.default.copyItem(atPath: "\(package)/.build/covgate", toPath: changeReports)
    let allReport = "\(package)/.build/covgate-all.json"

    // Again with nothing changed: the outcomes are kept, not run; --no-cache runs them.
    let again = try covgate(["mutate", "--base", "HEAD", "--jobs", "2"])
    XCTAssertEqual(again.exitCode, 1, again.stdout + again.stderr)
    XCTAssertTrue(again.stdout.contains("2 outcomes kept from the last run"), again.stdout)
    let kept = try XCTUnwrap(try report()["results"] as? [[String: Any]])
    XCTAssertEqual(kept.map { $0["cached"] as? Bool }, [true, true])
    XCTAssertEqual(
      outcomes(try report()),
      ["Discount.swift:11 count >= 99": "survived", "Discount.swift:11 count <= 99": "survived"])
    let rerun = try covgate(["mutate", "--base", "HEAD", "--jobs", "2", "--no-cache"])
    XCTAssertFalse(rerun.stdout.contains("kept from the last run"), rerun.stdout)
    XCTAssertFalse(rerun.stderr.contains("the test map ran"), rerun.stderr)

    // An edit inside one function's body: only the tests that ran code of its file run again
    // for the map, and the mutants still get the tests that ran their line.
    let edited = text.replacingOccurrences(of: "count > 100", with: "count > 98")
    try edited.write(toFile: discount, atomically: true, encoding: .utf8)
    let afterEdit = try covgate(["mutate", "--base", "HEAD", "--jobs", "2"])
    XCTAssertEqual(afterEdit.exitCode, 1, afterEdit.stdout + afterEdit.stderr)
    let partialMap = try XCTUnwrap(
      afterEdit.stderr.split(separator: "\n").first { $0.contains("the test map ran") },
      afterEdit.stderr)
    XCTAssertTrue(
      partialMap.hasSuffix(
        "tests again: the others never entered the code edited in Sources/Shop/Discount.swift"),
      String(partialMap))
    XCTAssertEqual(
      outcomes(try report()),
      ["Discount.swift:11 count >= 98": "survived", "Discount.swift:11 count <= 98": "survived"])
    let survivorTests = try XCTUnwrap(try report()["results"] as? [[String: Any]]).map {
      $0["tests"] as? [String] ?? []
    }
    try text.replacingOccurrences(of: "count > 100", with: "count > 99")
      .write(toFile: discount, atomically: true, encoding: .utf8)
    let unchanged = try covgate(["mutate", "--base", "HEAD", "--jobs", "2", "--no-cache"])
    XCTAssertEqual(unchanged.exitCode, 1, unchanged.stdout + unchanged.stderr)
    // The same tests as the whole map gives.
    XCTAssertEqual(
      try XCTUnwrap(try report()["results"] as? [[String: Any]]).map {
        $0["tests"] as? [String] ?? []
      }, survivorTests)
    XCTAssertFalse(survivorTests.joined().isEmpty)

    // Both survivors accepted as equivalent: no score to fall short, the gate is n/a.
    let config = try String(contentsOfFile: "\(package)/.covgate.yml", encoding: .utf8)
    try
      (config
        + """
        mutation:
          accept:
            - { file: Sources/Shop/Discount.swift, code: count > 99, mutant: count >= 99, reason: a test of 99 is coming }
            - { file: Sources/Shop/Discount.swift, code: count > 99, mutant: count <= 99, reason: the same }
            - { file: Sources/Shop/Discount.swift, code: gone < 1, mutant: gone <= 1, reason: stale }

        """).write(toFile: "\(package)/.covgate.yml", atomically: true, encoding: .utf8)
    let accepted = try covgate(["mutate", "--base", "HEAD", "--jobs", "2"])
    XCTAssertEqual(accepted.exitCode, 0, accepted.stdout + accepted.stderr)
    XCTAssertEqual(
      outcomes(try report()),
      ["Discount.swift:11 count >= 99": "accepted", "Discount.swift:11 count <= 99": "accepted"])
    XCTAssertTrue(
      accepted.stderr.contains(
        "mutation.accept names `gone < 1` -> `gone <= 1` in Sources/Shop/Discount.swift, which no surviving mutant of this run is"
      ), accepted.stderr)

    // `run --mutate`: the coverage gate, then the mutation gate of the change, whose survivors
    // (none accepted now) the coverage reports then show and GitHub annotates.
    try config.write(toFile: "\(package)/.covgate.yml", atomically: true, encoding: .utf8)
    try FileManager.default.removeItem(atPath: "\(package)/.build/covgate")
    let both = try CLIHarness.run(
      CLIHarness.covgate,
      [
        "run", "--mutate", "--base", "HEAD", "--no-history", "--format", "html", "--format",
        "markdown",
      ],
      in: package, environment: ["GITHUB_ACTIONS": "true"])
    XCTAssertEqual(both.exitCode, 1, both.stdout + both.stderr)
    XCTAssertTrue(
      both.stdout.contains("covgate mutate: Mutants, lines changed since HEAD"), both.stdout)
    XCTAssertTrue(
      both.stdout.contains(
        "::warning file=Sources/Shop/Discount.swift,line=11,col=5,title=covgate mutate%3A survived::relational-boundary"
      ), both.stdout)
    for report in ["covgate-mutation.json", "covgate.md", "index.html"] {
      XCTAssertTrue(
        FileManager.default.fileExists(atPath: "\(package)/.build/covgate/\(report)"), report)
    }
    let sitePages = try FileManager.default.contentsOfDirectory(
      atPath: "\(package)/.build/covgate/files")
    let sitePage = try String(
      contentsOfFile:
        "\(package)/.build/covgate/files/\(try XCTUnwrap(sitePages.first { $0.contains("Discount.swift") }))",
      encoding: .utf8)
    XCTAssertTrue(sitePage.contains("2 survived</summary>"), sitePage)
    let bothMarkdown = try String(
      contentsOfFile: "\(package)/.build/covgate/covgate.md", encoding: .utf8)
    XCTAssertTrue(bothMarkdown.contains("| logic | 0.00% (0/2) | 2 | 0 | 0 |"), bothMarkdown)
    XCTAssertTrue(
      bothMarkdown.contains(
        "- `Sources/Shop/Discount.swift:11` relational-boundary: `count > 99` → `count >= 99`"),
      bothMarkdown)

    // Nothing changed since HEAD: nothing to gate, said so, not "PASSED".
    try git(["commit", "-qam", "the change"])
    let nothing = try covgate(["mutate", "--base", "HEAD", "--jobs", "2"])
    XCTAssertEqual(nothing.exitCode, 0, nothing.stdout + nothing.stderr)
    XCTAssertTrue(
      nothing.stdout.contains(
        "Mutation gate: nothing to gate (no mutant in lines changed since HEAD)"), nothing.stdout)
    XCTAssertFalse(nothing.stdout.contains("PASSED"), nothing.stdout)
    try assertTheCoverageReportsShowTheSurvivors(of: changeReports, stale: allReport)
    try assertTheMapWaitsWhileTheEditedCodesMutantsAreKilled(text: text)
  }

  /// An edit of `rate`, whose mutants the tests kill, then another in the same body: the
  /// second runs no test for the map, and each mutant is killed by its last killer, run first
  /// and alone, which passes without it.
  private func assertTheMapWaitsWhileTheEditedCodesMutantsAreKilled(text: String) throws {
    let discount = "\(package)/Sources/Shop/Discount.swift"
    let committed = text.replacingOccurrences(of: "count > 100", with: "count > 99")
    let killed = [
      "Discount.swift:5 count > 10": "killed", "Discount.swift:5 count < 10": "killed",
    ]
    var killers: [String] = []
    for (edit, rate) in ["if count >= 10 { return 20 } // a", "if count >= 10 { return 20 } // b"]
      .enumerated()
    {
      try committed.replacingOccurrences(of: "if count >= 10 { return 20 }", with: rate)
        .write(toFile: discount, atomically: true, encoding: .utf8)
      let run = try covgate(["mutate", "--base", "HEAD", "--jobs", "2"])
      XCTAssertEqual(run.exitCode, 0, run.stdout + run.stderr)
      XCTAssertEqual(outcomes(try report()), killed)
      let results = try XCTUnwrap(try report()["results"] as? [[String: Any]])
      if edit == 1 {
        XCTAssertTrue(run.stderr.contains("covgate: note: the test map waits"), run.stderr)
        XCTAssertFalse(run.stderr.contains("the test map ran"), run.stderr)
        XCTAssertEqual(results.map { $0["tests"] as? [String] ?? [] }, killers.map { [$0] })
      }
      killers = results.map { $0["killedBy"] as? String ?? "" }
    }
  }

  /// `check --mutation-report`, on the coverage `run --mutate` left: the change's survivors on
  /// their line in the site (linked to mutate's page beside it), counted in the Markdown; a
  /// report of code that has changed since is refused.
  private func assertTheCoverageReportsShowTheSurvivors(of folder: String, stale: String) throws {
    let shown = try covgate([
      "check", "--from-build", ".build/debug", "--no-history", "--format", "html", "--format",
      "markdown",
      "--output", folder, "--mutation-report", "\(folder)/covgate-mutation.json",
    ])
    XCTAssertEqual(shown.exitCode, 0, shown.stdout + shown.stderr)
    let pages = try FileManager.default.contentsOfDirectory(atPath: "\(folder)/files")
    let page = try String(
      contentsOfFile:
        "\(folder)/files/\(try XCTUnwrap(pages.first { $0.contains("Discount.swift") }))",
      encoding: .utf8)
    let row = try XCTUnwrap(
      page.components(separatedBy: "<tr id=L11 ").dropFirst().first?.components(
        separatedBy: "\n"
      ).first)
    XCTAssertTrue(row.contains("2 survived</summary>"), row)
    XCTAssertTrue(row.contains("<code>count &gt; 99</code> → <code>count &gt;= 99</code>"), row)
    XCTAssertTrue(row.contains("ran by ShopTests.DiscountTests/testBulkRunsWithoutAsserting"), row)
    XCTAssertTrue(row.contains("<a href=\"../covgate-mutation.html#m"), row)
    let markdown = try String(contentsOfFile: "\(folder)/covgate.md", encoding: .utf8)
    XCTAssertTrue(markdown.contains("| logic | 0.00% (0/2) | 2 | 0 | 0 |"), markdown)
    XCTAssertTrue(
      markdown.contains(
        "- `Sources/Shop/Discount.swift:11` relational-boundary: `count > 99` → `count >= 99`"),
      markdown)

    let refused = try covgate([
      "check", "--from-build", ".build/debug", "--no-history", "--mutation-report", stale,
    ])
    XCTAssertEqual(refused.exitCode, 2, refused.stdout + refused.stderr)
    XCTAssertTrue(
      refused.stderr.contains(
        "is not in the source as it is now: the report is of other code; run covgate mutate again"),
      refused.stderr)
  }

  /// `--shard 1/2` and `2/2` of the same scope, merged: the whole run's outcomes, scores and
  /// verdicts; one part alone is refused.
  private func assertTwoShardsMergedAreTheWholeRun(_ whole: [String: Any]) throws {
    let folder = "\(package)/.build/covgate"
    var owned: [[Int]] = []
    for part in 1...2 {
      let shard = try covgate([
        "mutate", "--all", "--jobs", "2", "--shard", "\(part)/2", "--output",
        "\(folder)/part\(part)",
        "--format", "json", "--format", "text",
      ])
      XCTAssertEqual(shard.exitCode, 0, shard.stdout + shard.stderr)
      XCTAssertTrue(shard.stdout.contains("not judged on shard \(part)/2 alone"), shard.stdout)
      let json = try XCTUnwrap(
        JSONSerialization.jsonObject(
          with: Data(
            contentsOf: URL(fileURLWithPath: "\(folder)/part\(part)/covgate-mutation.json")))
          as? [String: Any])
      owned.append(try XCTUnwrap((json["shard"] as? [String: Any])?["mutants"] as? [Int]))
    }
    let ids = (whole["results"] as? [[String: Any]] ?? []).compactMap {
      ($0["mutant"] as? [String: Any])?["id"] as? Int
    }
    XCTAssertEqual((owned[0] + owned[1]).sorted(), ids.sorted())
    XCTAssertFalse(owned[0].isEmpty || owned[1].isEmpty, "\(owned)")
    let probe = try CLIHarness.run("/usr/bin/env", ["python3", "-c", "import jsonschema"])
    if probe.exitCode == 0 {
      let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../..").standardized.path
      let valid = try CLIHarness.run(
        "/usr/bin/env",
        [
          "python3", "-c",
          "import json,sys,jsonschema; jsonschema.validate(json.load(open(sys.argv[1])), json.load(open(sys.argv[2])))",
          "\(folder)/part1/covgate-mutation.json",
          "\(repository)/docs/covgate-mutation.schema.json",
        ])
      XCTAssertEqual(valid.exitCode, 0, valid.stderr)
    }
    // On GitHub Actions the merge adds its Markdown to the job summary.
    let summary = "\(folder)/step-summary.md"
    try "## before\n".write(toFile: summary, atomically: true, encoding: .utf8)
    let merged = try CLIHarness.run(
      CLIHarness.covgate,
      [
        "mutate", "merge", "--output", "\(folder)/merged", "--format", "json", "--quiet",
        "\(folder)/part2/covgate-mutation.json", "\(folder)/part1/covgate-mutation.json",
      ], in: package, environment: ["GITHUB_STEP_SUMMARY": summary])
    XCTAssertEqual(merged.exitCode, 0, merged.stdout + merged.stderr)
    let summaryText = try String(contentsOfFile: summary, encoding: .utf8)
    XCTAssertTrue(
      summaryText.hasPrefix(
        "## before\n\n### covgate mutate: passed\n\n16 mutants on every line of the gated layers. Of them, 1 static mutant"
      ), summaryText)
    let report = try XCTUnwrap(
      JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/merged/covgate-mutation.json")))
        as? [String: Any])
    XCTAssertEqual(outcomes(report), outcomes(whole))
    for key in ["layers", "targets", "verdicts", "skipped"] {
      XCTAssertEqual(report[key] as? NSArray, whole[key] as? NSArray, key)
    }
    XCTAssertNil(report["shard"])
    try assertTheBaselineKeepsTheWholeRunsScore(folder: folder)
    let alone = try covgate([
      "mutate", "merge", "--output", "\(folder)/merged", "\(folder)/part1/covgate-mutation.json",
    ])
    XCTAssertEqual(alone.exitCode, 2, alone.stdout + alone.stderr)
    XCTAssertEqual(
      alone.stderr.split(separator: "\n").last.map(String.init),
      "covgate: error: cannot merge: shard 2/2 is missing; add its covgate-mutation.json (every shard of the split is needed)",
      alone.stderr)
  }

  /// `mutate merge --update-baseline` of a whole run keeps its score in the baseline file; a
  /// later whole run below it fails, naming the layer and the baseline's score.
  private func assertTheBaselineKeepsTheWholeRunsScore(folder: String) throws {
    let baseline = "\(package)/.covgate-baseline.json"
    defer { try? FileManager.default.removeItem(atPath: baseline) }
    let parts = ["\(folder)/part1/covgate-mutation.json", "\(folder)/part2/covgate-mutation.json"]
    let kept = try covgate(
      ["mutate", "merge", "--output", "\(folder)/merged", "--quiet", "--update-baseline"] + parts)
    XCTAssertEqual(kept.exitCode, 0, kept.stdout + kept.stderr)
    let file = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: baseline)))
        as? [String: Any])
    XCTAssertEqual(
      (file["mutation"] as? [String: Any])?["logic"] as? NSDictionary,
      ["covered": 9, "count": 13] as NSDictionary)
    try
      #"{"schemaVersion": 1, "layers": {}, "targets": {}, "mutation": {"logic": {"covered": 12, "count": 13}}}"#
      .write(toFile: baseline, atomically: true, encoding: .utf8)
    let dropped = try covgate(["mutate", "merge", "--output", "\(folder)/merged"] + parts)
    XCTAssertEqual(dropped.exitCode, 1, dropped.stdout + dropped.stderr)
    XCTAssertTrue(
      dropped.stdout.contains(
        "logic: mutation score 69.23% (9/13) dropped 23.08 points below the baseline 92.30% (tolerance 0.1)"
      ), dropped.stdout)
  }

  /// The JSON against its schema, the HTML page in Chromium at desktop and phone widths, the
  /// SonarQube issues in the generic import format, the SARIF log against SARIF's schema.
  private func assertReportsAreReadByTheirConsumers() throws {
    let folder = "\(package)/.build/covgate"
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../..").standardized.path
    let html = try String(contentsOfFile: "\(folder)/covgate-mutation.html", encoding: .utf8)
    XCTAssertTrue(html.contains("<h2>4 survivors</h2>"), html)
    XCTAssertTrue(
      html.contains(
        "<p>1 static mutant (in a global&#39;s or static&#39;s initializer, which runs once per process; each test in a fresh process): 1 killed.</p>"
      ), html)
    XCTAssertTrue(
      html.contains("<span class=\"survivor\"><b>11</b>     count &gt; 100</span>"), html)
    let sonar = try XCTUnwrap(
      JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/covgate-mutation-sonarqube.json")))
        as? [String: Any])
    let issues = try XCTUnwrap(sonar["issues"] as? [[String: Any]])
    XCTAssertEqual(issues.count, 4)
    let location = issues.first?["primaryLocation"] as? [String: Any]
    XCTAssertEqual(location?["filePath"] as? String, "Sources/Shop/Cart.swift")
    XCTAssertEqual((location?["textRange"] as? [String: Any])?["startLine"] as? Int, 20)
    XCTAssertEqual((sonar["rules"] as? [[String: Any]])?.first?["id"] as? String, "survived-mutant")

    let probe = try CLIHarness.run("/usr/bin/env", ["python3", "-c", "import jsonschema"])
    if probe.exitCode == 0 {
      let valid = try CLIHarness.run(
        "/usr/bin/env",
        [
          "python3", "-c",
          "import json,sys,jsonschema; jsonschema.validate(json.load(open(sys.argv[1])), json.load(open(sys.argv[2])))",
          "\(folder)/covgate-mutation.json", "\(repository)/docs/covgate-mutation.schema.json",
        ])
      XCTAssertEqual(valid.exitCode, 0, valid.stderr)
    }
    let sarif = try XCTUnwrap(
      JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: "\(folder)/covgate-mutation.sarif")))
        as? [String: Any])
    let results = ((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
    XCTAssertEqual(results.count, 4)
    let checker = try CLIHarness.run("/usr/bin/env", ["sh", "-c", "command -v check-jsonschema"])
    if checker.exitCode == 0 {
      let valid = try CLIHarness.run(
        "/usr/bin/env",
        [
          "check-jsonschema", "--schemafile",
          "\(repository)/Tests/CoverageReportsTests/Fixtures/sarif-schema-2.1.0.json",
          "\(folder)/covgate-mutation.sarif",
        ])
      XCTAssertEqual(valid.exitCode, 0, valid.stdout + valid.stderr)
    }
    let chromium = try CLIHarness.run("/usr/bin/env", ["sh", "-c", "command -v chromium"])
    if chromium.exitCode == 0 {
      let layout = try CLIHarness.run(
        "/usr/bin/env", ["python3", "\(repository)/ci/check_layout.py", "chromium", folder])
      XCTAssertEqual(layout.exitCode, 0, layout.stdout + layout.stderr)
    }
  }

  func testWithoutAScopeOrWithAnUnknownBaseNothingRuns() throws {
    let bare = try covgate(["mutate"])
    XCTAssertEqual(bare.exitCode, 2)
    XCTAssertTrue(bare.stderr.contains("say what to mutate: --base REF"), bare.stderr)
    let unknown = try covgate(["mutate", "--base", "no-such-ref"])
    XCTAssertEqual(unknown.exitCode, 2, unknown.stderr)
    XCTAssertEqual(unknown.stderr.split(separator: "\n").count, 1, unknown.stderr)
    let typo = try covgate(["mutate", "--file", "Sources/Nope.swift"])
    XCTAssertEqual(typo.exitCode, 2, typo.stdout + typo.stderr)
    XCTAssertEqual(
      typo.stderr.split(separator: "\n").last.map(String.init),
      "covgate: error: --file Sources/Nope.swift: no such file in the package; give a Swift source's path from the package root",
      typo.stderr)
    let run = try covgate(["run", "--mutate"])
    XCTAssertEqual(run.exitCode, 2, run.stderr)
    XCTAssertTrue(run.stderr.contains("say what to mutate: --base REF"), run.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: "\(package)/.build"))
  }
}
