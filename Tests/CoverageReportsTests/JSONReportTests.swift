import CoverageModel
import Foundation
import XCTest

@testable import CoverageReports

final class JSONReportTests: XCTestCase {
  private func json(_ report: CoverageReport = SampleReport.report) throws -> String {
    let files = try JSONReport().render(report)
    XCTAssertEqual(files.map(\.path), ["covgate.json"])
    return try XCTUnwrap(files.first?.contents)
  }

  private func object(_ text: String) throws -> [String: Any] {
    try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  func testMatchesGolden() throws {
    try Golden.assertMatches(try json(), "report.json")
  }

  func testIsDeterministic() throws {
    let first = try json()
    let second = try json()
    XCTAssertEqual(Data(first.utf8), Data(second.utf8))
    // Thresholds are a dictionary: several metrics must still come out in one order.
    var report = SampleReport.report
    report.layers[0].thresholds = [
      .regions: Threshold(minimum: 10), .lines: Threshold(minimum: 60, target: 70),
      .functions: Threshold(target: 50),
      .instantiations: Threshold(minimum: 1),
    ]
    let outputs = Set(try (0..<5).map { _ in try json(report) })
    XCTAssertEqual(outputs.count, 1)
  }

  func testFiguresAndNulls() throws {
    let document = try object(try json())
    XCTAssertEqual(document["schemaVersion"] as? Int, 1)
    XCTAssertEqual(document["package"] as? String, "Demo")
    XCTAssertNil(document["tests"], "no tests key when covgate did not run them")
    let totals = try XCTUnwrap(document["totals"] as? [String: Any])
    let lines = try XCTUnwrap(totals["lines"] as? [String: Any])
    XCTAssertEqual(lines["covered"] as? Int, 190)
    XCTAssertEqual(lines["count"] as? Int, 330)
    XCTAssertEqual(lines["percent"] as? Double, 57.57)
    let branches = try XCTUnwrap(totals["branches"] as? [String: Any])
    XCTAssertTrue(branches["percent"] is NSNull, "percent is null when count is 0")
    let gate = try XCTUnwrap(document["gate"] as? [String: Any])
    XCTAssertEqual(gate["passed"] as? Bool, false)
    let verdicts = try XCTUnwrap(gate["verdicts"] as? [[String: Any]])
    XCTAssertEqual(verdicts.count, 4)
    let missing = try XCTUnwrap(verdicts.last)
    for key in ["metric", "actual", "required"] {
      XCTAssertTrue(missing[key] is NSNull, "\(key) is written as null")
    }
  }

  func testTestsOutcomeIsWrittenWhenKnown() throws {
    var report = SampleReport.report
    report.tests = TestOutcome(passed: false, exitCode: 1)
    let tests = try XCTUnwrap(try object(try json(report))["tests"] as? [String: Any])
    XCTAssertEqual(tests["passed"] as? Bool, false)
    XCTAssertEqual(tests["exitCode"] as? Int, 1)
  }

  func testPercentIsTruncated() throws {
    var report = SampleReport.report
    report.totals.lines = Metric(covered: 9999, count: 10000)
    report.totals.regions = Metric(covered: 2, count: 3)
    let totals = try XCTUnwrap(try object(try json(report))["totals"] as? [String: Any])
    XCTAssertEqual((totals["lines"] as? [String: Any])?["percent"] as? Double, 99.99)
    XCTAssertEqual((totals["regions"] as? [String: Any])?["percent"] as? Double, 66.66)
  }

  func testSlashesAreNotEscaped() throws {
    let text = try json()
    XCTAssertTrue(text.contains("\"Sources/Core/Engine.swift\""))
    XCTAssertFalse(text.contains("\\/"))
    XCTAssertTrue(text.hasSuffix("}\n"))
  }

  /// Every optional part present, and strings that need escaping.
  private var richReport: CoverageReport {
    var report = SampleReport.report
    report.packageName = "Dé\"mo\\ \n\t\u{1}\u{1F}/\u{2028}"
    report.tests = TestOutcome(passed: false, exitCode: 3)
    report.exclusions = [
      Exclusion(
        path: "Sources/Core/Engine.swift", firstLine: 3, lastLine: 9, wholeFile: false,
        reason: "glue \"code\"", ranAnyway: true)
    ]
    report.patch = PatchCoverage(
      base: "origin/main", baseCommit: "abc123", lines: Metric(covered: 2, count: 3),
      files: [
        PatchFile(
          path: "Sources/Core/Engine.swift", changedLines: [4, 5, 6],
          lines: Metric(covered: 2, count: 3), uncoveredLines: [6])
      ],
      unmeasured: [ExcludedFile(path: "README.md", reason: "not a source")])
    report.layers[0].thresholds = [
      .lines: Threshold(minimum: 60.5, target: 70), .regions: Threshold(target: 0.01),
    ]
    return report
  }

  /// The writer's layout is Foundation's: re-serializing its parse gives the same bytes.
  func testLayoutIsFoundationsPrettyPrintedJSON() throws {
    for report in [SampleReport.report, richReport] {
      let text = try json(report)
      let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8))
      let again = try JSONSerialization.data(
        withJSONObject: parsed, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
      XCTAssertEqual(text, String(decoding: again, as: UTF8.self) + "\n")
    }
  }

  func testOptionalPartsAndEscapedStrings() throws {
    let document = try object(try json(richReport))
    XCTAssertEqual(document["package"] as? String, richReport.packageName)
    let patch = try XCTUnwrap(document["patch"] as? [String: Any])
    XCTAssertEqual(patch["baseCommit"] as? String, "abc123")
    let file = try XCTUnwrap((patch["files"] as? [[String: Any]])?.first)
    XCTAssertEqual(file["changedLines"] as? [Int], [4, 5, 6])
    XCTAssertEqual(file["uncoveredLines"] as? [Int], [6])
    let exclusion = try XCTUnwrap((document["exclusions"] as? [[String: Any]])?.first)
    XCTAssertEqual(exclusion["reason"] as? String, "glue \"code\"")
    XCTAssertEqual(exclusion["ranAnyway"] as? Bool, true)
    let layer = try XCTUnwrap((document["layers"] as? [[String: Any]])?.first)
    let thresholds = try XCTUnwrap(layer["thresholds"] as? [String: [String: Double]])
    XCTAssertEqual(
      thresholds, ["lines": ["minimum": 60.5, "target": 70], "regions": ["target": 0.01]])
  }

  /// A decision the regions do not prove names the function it is in: the last to start
  /// before it, a closure inside a function winning over the function.
  func testANotDerivableDecisionNamesItsFunction() throws {
    var report = SampleReport.withBranches
    report.files[0].coverage.functions = [
      FunctionCoverage(name: "$s1a", displayName: "Engine.run()", line: 1, column: 1, count: 1),
      FunctionCoverage(
        name: "$s1b", displayName: "closure #1 in Engine.run()", line: 4, column: 3, count: 1),
      FunctionCoverage(name: "$s1c", displayName: "Engine.stop()", line: 4, column: 20, count: 1),
    ]
    let files = try XCTUnwrap(try object(try json(report))["files"] as? [[String: Any]])
    let branches = try XCTUnwrap(files.first?["branches"] as? [String: Any])
    let left = try XCTUnwrap(branches["notDerivable"] as? [[String: Any]])
    XCTAssertEqual(left.first?["function"] as? String, "closure #1 in Engine.run()")
    report.files[0].coverage.functions = []
    let unnamed = try XCTUnwrap(try object(try json(report))["files"] as? [[String: Any]])
    let unnamedLeft =
      (unnamed.first?["branches"] as? [String: Any])?["notDerivable"] as? [[String: Any]]
    XCTAssertEqual(unnamedLeft?.count, 1)
    XCTAssertNil(unnamedLeft?.first?["function"], "no name without the file's functions")
  }

  func testValidatesAgainstSchema() throws {
    let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("docs/covgate-report.schema.json")
    guard FileManager.default.fileExists(atPath: schema.path) else {
      throw XCTSkip("no schema at \(schema.path)")
    }
    guard run(["python3", "-c", "import jsonschema"]).status == 0 else {
      throw XCTSkip("python3 with jsonschema is not available")
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "covgate-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var withTests = SampleReport.report
    withTests.tests = TestOutcome(passed: true, exitCode: 0)
    // A cap is a count, not a percentage: 250 is valid for `maxUncovered` and only there.
    var capped = SampleReport.report
    capped.layers[0].thresholds[.lines] = Threshold(minimum: 60, maxUncovered: 250)
    capped.gate.verdicts += [
      Verdict(
        rule: .maxUncovered, scopeKind: .layer, scope: capped.layers[0].name, metric: .lines,
        actual: Metric(covered: 1, count: 300), required: 250, status: .failed,
        message: "over the cap"),
      Verdict(
        rule: .staleExclusion, scopeKind: .file, scope: "Sources/Core/A.swift", metric: nil,
        actual: nil, required: nil, status: .warning, message: "hides code that ran"),
    ]
    // A check on one function carries its line; a decision not derivable names its function.
    var named = SampleReport.withBranches
    named.gate.verdicts.append(
      Verdict(
        rule: .maxRisk, scopeKind: .file, scope: "Sources/Core/A.swift", metric: nil, actual: nil,
        required: 30, status: .failed, message: "risky", line: 12))
    named.files[0].coverage.functions = [
      FunctionCoverage(name: "$s1a", displayName: "Engine.run()", line: 1, column: 1, count: 1)
    ]
    var percentOver100 = capped
    percentOver100.gate.verdicts[percentOver100.gate.verdicts.count - 2].rule = .minimum
    for (name, report, valid) in [
      ("report.json", SampleReport.report, true), ("with-tests.json", withTests, true),
      ("rich.json", richReport, true), ("capped.json", capped, true),
      ("minimum-of-250.json", percentOver100, false), ("named.json", named, true),
    ] {
      let url = folder.appendingPathComponent(name)
      try Data(try json(report).utf8).write(to: url)
      let result = run([
        "python3", "-c",
        "import json,sys,jsonschema; jsonschema.validate(json.load(open(sys.argv[1])), json.load(open(sys.argv[2])))",
        url.path, schema.path,
      ])
      if valid {
        XCTAssertEqual(result.status, 0, "\(name) does not validate: \(result.output)")
      } else {
        XCTAssertNotEqual(result.status, 0, "\(name) validates")
      }
    }
  }

  /// Runs a command through `/usr/bin/env`; its exit status and combined output.
  private func run(_ arguments: [String]) -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    do {
      try process.run()
    } catch {
      return (-1, "\(error)")
    }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
  }
}
