import Foundation
import XCTest

/// Runs the real `covgate` on the Sample fixture package: real `swift test`, real llvm tools.
final class EndToEndTests: XCTestCase {
  /// One copy of the fixture package for the whole class, so it is built once.
  nonisolated(unsafe) private static var package = ""

  override class func setUp() {
    super.setUp()
    package = SampleCopy.make("e2e")
  }

  override class func tearDown() {
    SampleCopy.remove(package)
    super.tearDown()
  }

  var package: String { Self.package }

  override func setUpWithError() throws {
    try XCTSkipUnless(
      FileManager.default.isExecutableFile(atPath: CLIHarness.covgate),
      "build covgate first (`swift build`): \(CLIHarness.covgate)")
    try? FileManager.default.removeItem(atPath: "\(package)/.covgate.yml")
  }

  func covgate(_ arguments: [String], environment: [String: String] = [:]) throws
    -> CLIHarness.Result
  {
    try CLIHarness.run(CLIHarness.covgate, arguments, in: package, environment: environment)
  }

  func report(_ folder: String) throws -> [String: Any] {
    let data = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/covgate.json"))
    return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  private func assertTotals(
    _ report: [String: Any], equalLLVMCovReportOf profile: String, file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    let expected = try CLIHarness.llvmCovTotal(
      profile: profile, binary: "\(package)/.build/debug/SamplePackageTests.xctest")
    let totals = try XCTUnwrap(report["totals"] as? [String: [String: Any]])
    for (metric, figures) in expected {
      let count = totals[metric]?["count"] as? Int
      let covered = totals[metric]?["covered"] as? Int
      XCTAssertEqual(count, figures.count, metric, file: file, line: line)
      XCTAssertEqual(covered, figures.count - figures.missed, metric, file: file, line: line)
    }
  }

  func testRunPassesAndItsTotalsEqualLLVMCovReport() throws {
    let output = "\(package)/out-pass"
    let result = try covgate(["run", "--output", output])
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    let json = try report(output)
    try assertTotals(json, equalLLVMCovReportOf: "\(package)/.build/debug/codecov/default.profdata")
    XCTAssertEqual((json["gate"] as? [String: Any])?["passed"] as? Bool, true)
    let missing = (json["targetsWithoutData"] as? [[String: Any]])?.compactMap {
      $0["name"] as? String
    }
    XCTAssertEqual(missing?.sorted(), ["PricingCLI", "Untested"])
    XCTAssertTrue(result.stdout.contains("gate PASSED"), result.stdout)
    XCTAssertTrue(FileManager.default.fileExists(atPath: "\(output)/covgate.txt"))
  }

  func testFailingTestsStillYieldCoverageAndExitThree() throws {
    let output = "\(package)/out-red"
    let result = try covgate(["run", "--output", output], environment: ["SAMPLE_FAIL": "1"])
    XCTAssertEqual(result.exitCode, 3, result.stderr)
    let json = try report(output)
    XCTAssertEqual((json["tests"] as? [String: Any])?["passed"] as? Bool, false)
    // SwiftPM writes no export on a red run: covgate merged and exported the profiles itself.
    try assertTotals(json, equalLLVMCovReportOf: "\(package)/.build/debug/codecov/covgate.profdata")
    // Standard output is the report alone (swift test's output went to standard error).
    XCTAssertTrue(result.stdout.hasPrefix("covgate: Sample: tests FAILED, gate "), result.stdout)
    XCTAssertTrue(result.stderr.contains("testFailsWhenAsked"), result.stderr)
    // The failed test is named, with where it failed, in the text, JSON and Markdown reports.
    let named = "PriceTests.testFailsWhenAsked (PriceTests.swift:23): XCTAssertNil failed"
    XCTAssertTrue(result.stdout.contains("Failed tests (1):"), result.stdout)
    XCTAssertTrue(result.stdout.contains(named), result.stdout)
    let failures = try XCTUnwrap(
      (json["tests"] as? [String: Any])?["failures"] as? [[String: String]])
    XCTAssertEqual(failures.map { $0["test"] }, ["PriceTests.testFailsWhenAsked"])
    XCTAssertEqual(failures.first?["location"], "PriceTests.swift:23")
    let markdown = try covgate(
      ["run", "--output", "\(output)-md", "--format", "markdown"], environment: ["SAMPLE_FAIL": "1"]
    )
    XCTAssertEqual(markdown.exitCode, 3, markdown.stderr)
    let text = try String(contentsOfFile: "\(output)-md/covgate.md", encoding: .utf8)
    XCTAssertTrue(text.contains("**Failed tests (1)**"), text)
    XCTAssertTrue(text.contains(named), text)
  }

  func testAFailedGateExitsOneAndSaysRuleScopeActualAndRequired() throws {
    try "layers:\n  logic:\n    default: true\n    lines: 99\n".write(
      toFile: "\(package)/.covgate.yml", atomically: true, encoding: .utf8)
    let output = "\(package)/out-fail"
    let result = try covgate(["run", "--output", output])
    XCTAssertEqual(result.exitCode, 1, result.stderr)
    let lines = try XCTUnwrap(
      ((try report(output))["layers"] as? [[String: Any]])?.first?["totals"]
        as? [String: [String: Any]])["lines"]
    let covered = try XCTUnwrap(lines?["covered"] as? Int)
    let count = try XCTUnwrap(lines?["count"] as? Int)
    let percent = String(format: "%d.%02d", covered * 100 / count, covered * 10_000 / count % 100)
    XCTAssertTrue(
      result.stdout.contains(
        "logic: lines \(percent)% (\(covered)/\(count)) is below the minimum 99%"), result.stdout)
  }

  func testABadConfigIsOneLineAndExitTwo() throws {
    let export = try exportOfAPassingRun()
    try "layers:\n  logic:\n    default: true\n    minimun: 60\n".write(
      toFile: "\(package)/.covgate.yml", atomically: true, encoding: .utf8)
    let result = try covgate(["check", "--input", export])
    XCTAssertEqual(result.exitCode, 2)
    let lines = result.stderr.split(separator: "\n")
    XCTAssertEqual(lines.count, 1, result.stderr)
    XCTAssertTrue(result.stderr.contains(".covgate.yml:4:5: unknown key 'minimun'"), result.stderr)
    XCTAssertTrue(result.stderr.contains("did you mean"), result.stderr)
  }

  func testUsageErrorsExitSixtyFour() throws {
    XCTAssertEqual(try covgate(["check"]).exitCode, 64)
    XCTAssertEqual(try covgate(["check", "--input", "x.json", "--format", "pdf"]).exitCode, 64)
    XCTAssertEqual(try covgate(["check", "--input", "x.json", "--path-map", "=new"]).exitCode, 64)
  }

  func testATruncatedInputFailsAndKeepsThePreviousReports() throws {
    let output = "\(package)/out-keep"
    let export = try exportOfAPassingRun()
    XCTAssertEqual(try covgate(["check", "--input", export, "--output", output]).exitCode, 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: "\(output)/covgate.json"))
    let bytes = try Data(contentsOf: URL(fileURLWithPath: export))
    let truncated = "\(package)/truncated.json"
    try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: truncated))
    let result = try covgate(["check", "--input", truncated, "--output", output])
    XCTAssertEqual(result.exitCode, 2)
    XCTAssertTrue(result.stderr.contains("is truncated"), result.stderr)
    XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: "\(output)/covgate.json")), before)
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: output).sorted(),
      [".covgate-reports", "covgate.json", "covgate.txt"])
  }

  func testAnExportMadeElsewhereIsMappedToThePackage() throws {
    let export = try exportOfAPassingRun()
    let text = try String(contentsOfFile: export, encoding: .utf8)
    let real = URL(fileURLWithPath: package).resolvingSymlinksInPath().path
    let moved = "\(package)/moved.json"
    try text.replacingOccurrences(of: real, with: "/home/ci/work/Sample").write(
      toFile: moved, atomically: true, encoding: .utf8)
    XCTAssertNotEqual(try String(contentsOfFile: moved, encoding: .utf8), text)

    let auto = try covgate(["check", "--input", moved, "--output", "\(package)/out-moved"])
    XCTAssertEqual(auto.exitCode, 0, auto.stderr)
    let direct = try covgate(["check", "--input", export, "--output", "\(package)/out-direct"])
    let explicit = try covgate([
      "check", "--input", moved, "--path-map", "/home/ci/work/Sample=\(real)", "--output",
      "\(package)/out-mapped",
    ])
    XCTAssertEqual(explicit.exitCode, 0, explicit.stderr)
    let expected = try report("\(package)/out-direct")["totals"] as? NSDictionary
    XCTAssertEqual(try report("\(package)/out-moved")["totals"] as? NSDictionary, expected)
    XCTAssertEqual(try report("\(package)/out-mapped")["totals"] as? NSDictionary, expected)
    XCTAssertEqual(direct.stdout, auto.stdout)
  }

  func testAnExportOfOtherCodeIsAnError() throws {
    let yams = CLIHarness.yamsExport
    let result = try covgate(["check", "--input", yams])
    XCTAssertEqual(result.exitCode, 2)
    XCTAssertTrue(result.stderr.contains("covers none of the package's sources"), result.stderr)
  }

  func testInitWritesAConfigThatCheckAccepts() throws {
    let first = try covgate(["init"])
    XCTAssertEqual(first.exitCode, 0, first.stderr)
    let text = try String(contentsOfFile: "\(package)/.covgate.yml", encoding: .utf8)
    XCTAssertTrue(text.contains("\"PricingCLI\""), text)
    let check = try covgate([
      "check", "--input", try exportOfAPassingRun(), "--output", "\(package)/out-init",
    ])
    XCTAssertEqual(check.exitCode, 0, check.stderr)
    XCTAssertEqual(try covgate(["init"]).exitCode, 2, "init must not overwrite without --force")
    XCTAssertEqual(try covgate(["init", "--force"]).exitCode, 0)
  }

  /// `init` makes the run history's folder and keeps it out of git: once, and says so.
  func testInitGitIgnoresTheHistoryFolderOnce() throws {
    let ignore = "\(package)/.gitignore"
    try? FileManager.default.removeItem(atPath: ignore)
    try? FileManager.default.removeItem(atPath: "\(package)/.covgate")
    try "/.build\n".write(toFile: ignore, atomically: true, encoding: .utf8)
    let first = try covgate(["init", "--force"])
    XCTAssertEqual(first.exitCode, 0, first.stderr)
    XCTAssertTrue(first.stdout.contains("added .covgate/ to \(ignore)"), first.stdout)
    var isFolder: ObjCBool = false
    XCTAssertTrue(
      FileManager.default.fileExists(atPath: "\(package)/.covgate", isDirectory: &isFolder))
    XCTAssertTrue(isFolder.boolValue, "the history's folder")
    XCTAssertEqual(
      try String(contentsOfFile: ignore, encoding: .utf8),
      "/.build\n# covgate's run history (covgate init)\n.covgate/\n")
    let again = try covgate(["init", "--force"])
    XCTAssertFalse(again.stdout.contains("added"), again.stdout)
    XCTAssertEqual(
      try String(contentsOfFile: ignore, encoding: .utf8).components(separatedBy: ".covgate/")
        .count, 2)
  }

  /// An xccov report names an Xcode project's targets; a package's come from its manifest, and
  /// init says it did not read the report rather than ignoring the flag.
  func testInitInAPackageSaysItDidNotReadTheXccovReport() throws {
    let result = try covgate(["init", "--force", "--xccov-report", "\(package)/no-such.json"])
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    XCTAssertTrue(
      result.stderr.contains(
        "no-such.json not read: \(package) is a Swift package, whose targets come from Package.swift"
      ), result.stderr)
    let text = try String(contentsOfFile: "\(package)/.covgate.yml", encoding: .utf8)
    XCTAssertTrue(text.contains("\"PricingCLI\""), text)
  }

  func testInitWritesTheConfigNamedWithConfig() throws {
    let result = try covgate(["init", "--config", "ci/covgate.yml"])
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    XCTAssertEqual(result.stdout.split(separator: "\n").first, "wrote \(package)/ci/covgate.yml")
    let check = try covgate([
      "check", "--input", try exportOfAPassingRun(), "--config", "ci/covgate.yml", "--output",
      "\(package)/out-ci",
    ])
    XCTAssertEqual(check.exitCode, 0, check.stderr)
  }

  func testTheJSONReportMatchesItsSchema() throws {
    let output = "\(package)/out-schema"
    XCTAssertEqual(
      try covgate(["check", "--input", try exportOfAPassingRun(), "--output", output]).exitCode, 0)
    let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "../../docs/covgate-report.schema.json"
    ).standardized.path
    let probe = try CLIHarness.run("/usr/bin/env", ["python3", "-c", "import jsonschema"])
    try XCTSkipIf(
      probe.exitCode != 0, "python3 with jsonschema is not installed (make test installs it)")
    let result = try CLIHarness.run(
      "/usr/bin/env",
      [
        "python3", "-c",
        "import json,sys,jsonschema; jsonschema.validate(json.load(open(sys.argv[1])), json.load(open(sys.argv[2])))",
        "\(output)/covgate.json", schema,
      ])
    XCTAssertEqual(result.exitCode, 0, result.stderr)
  }

  func testGenhtmlReadsTheLCOVReportWithoutWarnings() throws {
    let genhtml = try CLIHarness.run("/usr/bin/env", ["sh", "-c", "command -v genhtml"])
    try XCTSkipIf(genhtml.exitCode != 0, "genhtml is not installed (make test installs lcov)")
    let output = "\(package)/out-lcov"
    XCTAssertEqual(
      try covgate([
        "check", "--input", try exportOfAPassingRun(), "--format", "lcov", "--output", output,
      ]).exitCode, 0)
    let lcov = try String(contentsOfFile: "\(output)/coverage.lcov", encoding: .utf8)
    XCTAssertTrue(lcov.contains("FN:"), "function records are missing")
    // The derived branches: genhtml reads them and counts what BRF/BRH say.
    let total = { (key: String) in
      lcov.split(separator: "\n").filter { $0.hasPrefix(key) }.reduce(0) {
        $0 + Int($1.dropFirst(key.count))!
      }
    }
    XCTAssertGreaterThan(total("BRF:"), 0, "no derived branches")
    let result = try CLIHarness.run(
      "/usr/bin/env",
      [
        "genhtml", "--branch-coverage", "--output-directory", "\(output)/genhtml",
        "\(output)/coverage.lcov",
      ],
      in: package)
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    XCTAssertFalse(
      (result.stdout + result.stderr).localizedCaseInsensitiveContains("warning"),
      result.stdout + result.stderr)
    XCTAssertTrue(
      result.stdout.contains("(\(total("BRH:")) of \(total("BRF:")) branches)"), result.stdout)
    XCTAssertTrue(FileManager.default.fileExists(atPath: "\(output)/genhtml/index.html"))
  }

  /// CI shards: two runs of different tests, merged, give what one run of all tests gives.
  func testShardExportsMergeToTheFiguresOfOneFullRun() throws {
    let export = "\(package)/.build/debug/codecov/Sample.json"
    var shards: [String] = []
    for (index, filter) in [
      "PriceTests/test(Discount|Formatted)",
      "PriceTests/test(Tax|FailsWhenAsked)|TaxSuite|discountOfZero",
    ].enumerated() {
      let run = try covgate([
        "run", "--output", "\(package)/out-shard\(index)", "--quiet", "--", "--filter", filter,
      ])
      // A shard alone may fall below the gate (exit 1); its tests must pass (not 3).
      XCTAssertLessThanOrEqual(run.exitCode, 1, run.stderr)
      let copy = "\(package)/shard\(index).json"
      try? FileManager.default.removeItem(atPath: copy)
      try FileManager.default.copyItem(atPath: export, toPath: copy)
      shards.append(copy)
    }
    XCTAssertNotEqual(
      try Data(contentsOf: URL(fileURLWithPath: shards[0])),
      try Data(contentsOf: URL(fileURLWithPath: shards[1])))
    XCTAssertEqual(
      try covgate([
        "run", "--output", "\(package)/out-full", "--format", "json", "--format", "lcov", "--quiet",
      ]).exitCode, 0)
    let merged = try covgate([
      "check", "--input", shards[0], "--input", shards[1], "--output", "\(package)/out-merged",
      "--format", "json", "--format", "lcov",
    ])
    XCTAssertEqual(merged.exitCode, 0, merged.stderr)
    XCTAssertEqual(
      try report("\(package)/out-merged")["files"] as? NSArray,
      try report("\(package)/out-full")["files"] as? NSArray)
    XCTAssertEqual(
      try String(contentsOfFile: "\(package)/out-merged/coverage.lcov", encoding: .utf8),
      try String(contentsOfFile: "\(package)/out-full/coverage.lcov", encoding: .utf8))
    // `covgate merge` writes the same merge as one export that check reads like any other.
    let mergedExport = "\(package)/merged.json"
    let merge = try covgate(["merge", "--output", mergedExport, shards[0], shards[1]])
    XCTAssertEqual(merge.exitCode, 0, merge.stderr)
    XCTAssertEqual(
      try covgate([
        "check", "--input", mergedExport, "--output", "\(package)/out-merge-cmd", "--format",
        "json", "--quiet",
      ]).exitCode, 0)
    XCTAssertEqual(
      try report("\(package)/out-merge-cmd")["files"] as? NSArray,
      try report("\(package)/out-full")["files"] as? NSArray)
    XCTAssertEqual(
      try covgate(["merge", "--output", "x.json", shards[0], "\(package)/default.profraw"])
        .exitCode, 64)
    let shard = try report("\(package)/out-shard0")["totals"] as? NSDictionary
    XCTAssertNotEqual(
      shard, try report("\(package)/out-full")["totals"] as? NSDictionary,
      "a shard alone must cover less")
  }

  func testFormatAllWritesEveryReport() throws {
    let output = "\(package)/out-all"
    let result = try covgate([
      "check", "--input", try exportOfAPassingRun(), "--format", "all", "--output", output,
      "--quiet",
    ])
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    let written = Set(try FileManager.default.contentsOfDirectory(atPath: output))
    for name in [
      "covgate.txt", "covgate.json", "coverage.lcov", "cobertura.xml", "sonarqube.xml", "junit.xml",
      "covgate.md", "badge.svg", "badge.json", "index.html", "files", "assets",
    ] {
      XCTAssertTrue(written.contains(name), "\(name) missing from \(written.sorted())")
    }
    // A later run with the default formats: the earlier run's other reports do not stay behind
    // (a published site would show old figures); a file covgate did not write does.
    try "mine".write(toFile: "\(output)/notes.txt", atomically: true, encoding: .utf8)
    let again = try covgate(["check", "--input", try exportOfAPassingRun(), "--output", output])
    XCTAssertEqual(again.exitCode, 0, again.stderr)
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: output).sorted(),
      [".covgate-reports", "covgate.json", "covgate.txt", "notes.txt"])
  }

  func testOnGitHubActionsFailuresAreAnnotatedAndTheSummaryIsAppended() throws {
    let export = try exportOfAPassingRun()
    try
      "layers:\n  logic:\n    default: true\n    lines: {minimum: 99, target: 100}\nfile_minimum:\n  lines: 99\n"
      .write(
        toFile: "\(package)/.covgate.yml", atomically: true, encoding: .utf8)
    let summary = "\(package)/step-summary.md"
    try "earlier step\n".write(toFile: summary, atomically: true, encoding: .utf8)
    let workspace = (package as NSString).deletingLastPathComponent
    let result = try covgate(
      ["check", "--input", export, "--output", "\(package)/out-gha", "--quiet"],
      environment: [
        "GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary, "GITHUB_WORKSPACE": workspace,
      ])
    XCTAssertEqual(result.exitCode, 1, result.stderr)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    XCTAssertTrue(
      lines.contains {
        $0.hasPrefix("::error title=covgate::logic: lines ")
          && $0.contains("is below the minimum 99%25")
      }, result.stdout)
    XCTAssertTrue(lines.contains { $0.hasPrefix("::warning title=covgate::") }, result.stdout)
    // A file's verdict points at the file, relative to the workspace, at a line that never ran.
    XCTAssertTrue(
      lines.contains {
        $0.hasPrefix("::error file=Sample/Sources/Pricing/") && !$0.contains(",line=1,")
      }, result.stdout)
    XCTAssertFalse(
      result.stdout.contains("gate FAILED"), "--quiet keeps the text report off standard output")
    let text = try String(contentsOfFile: summary, encoding: .utf8)
    XCTAssertTrue(text.hasPrefix("earlier step\n\n### covgate: Sample: gate FAILED\n"), text)

    let plain = try covgate([
      "check", "--input", export, "--output", "\(package)/out-gha", "--quiet",
    ])
    XCTAssertEqual(plain.stdout, "", "no annotations outside GitHub Actions")
  }

  /// An export of a green run of the package, made by `covgate run` once.
  private func exportOfAPassingRun() throws -> String {
    let export = "\(package)/.build/debug/codecov/Sample.json"
    if !FileManager.default.fileExists(atPath: export) {
      XCTAssertEqual(
        try covgate(["run", "--output", "\(package)/out-setup", "--quiet"]).exitCode, 0)
    }
    return export
  }
}
