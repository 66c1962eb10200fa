import Foundation
import XCTest

/// `check --cobertura` on the Cobertura XML a real run of the Sample package gives, read as a
/// report made on another machine: the figures equal what Python's XML parser counts in the
/// file's classes, and a bad report is refused with nothing written.
extension EndToEndTests {
  /// The lines (covered, count) of a Cobertura file's classes, as Python's ElementTree reads them.
  private func elementTreeLines(_ path: String) throws -> [Int] {
    let script = """
      import sys, xml.etree.ElementTree as ET
      seen = {}
      for c in ET.parse(sys.argv[1]).getroot().iter('class'):
          for line in c.findall('./lines/line'):
              key = (c.get('filename'), line.get('number'))
              seen[key] = seen.get(key, 0) + int(line.get('hits'))
      print(sum(1 for v in seen.values() if v > 0), len(seen))
      """
    let result = try CLIHarness.run("/usr/bin/env", ["python3", "-c", script, path])
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    return result.stdout.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
  }

  func testCoberturaFromAnotherMachineGivesTheLinesItsClassesCount() throws {
    let run = try covgate([
      "run", "--output", "\(package)/out-cob-run", "--format", "cobertura", "--no-history",
      "--quiet",
    ])
    XCTAssertEqual(run.exitCode, 0, run.stderr)
    // As slather would write it on a Mac: that machine's folder as the source.
    let written = try String(
      contentsOfFile: "\(package)/out-cob-run/cobertura.xml", encoding: .utf8)
    let moved = written.replacingOccurrences(
      of: "<source>\(package)</source>", with: "<source>/Users/someone/Sample</source>")
    XCTAssertNotEqual(moved, written)
    let report = "\(package)/../moved-cobertura.xml"
    try moved.write(toFile: report, atomically: true, encoding: .utf8)

    let check = try covgate([
      "check", "--cobertura", report, "--output", "\(package)/out-cob", "--format", "json",
      "--format", "text", "--no-history",
    ])
    XCTAssertEqual(check.exitCode, 0, check.stderr)
    XCTAssertTrue(check.stdout.contains("Figures from a Cobertura report"), check.stdout)
    let json = try XCTUnwrap(
      JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: "\(package)/out-cob/covgate.json")))
        as? [String: Any])
    let lines = try XCTUnwrap((json["totals"] as? [String: [String: Any]])?["lines"])
    let expected = try elementTreeLines(report)
    XCTAssertEqual([lines["covered"] as? Int ?? -1, lines["count"] as? Int ?? -1], expected)
    XCTAssertGreaterThan(expected.last ?? 0, 20)
    XCTAssertEqual(json["source"] as? String, "cobertura")
    let probe = try CLIHarness.run("/usr/bin/env", ["python3", "-c", "import jsonschema"])
    if probe.exitCode == 0 {
      let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../docs/covgate-report.schema.json").standardized.path
      let valid = try CLIHarness.run(
        "/usr/bin/env",
        [
          "python3", "-c",
          "import json,sys,jsonschema; jsonschema.validate(json.load(open(sys.argv[1])), json.load(open(sys.argv[2])))",
          "\(package)/out-cob/covgate.json", schema,
        ])
      XCTAssertEqual(valid.exitCode, 0, valid.stderr)
    }

    // A truncated report, and one combined with LCOV: refused, nothing written.
    try String(moved.prefix(moved.count / 2)).write(
      toFile: report, atomically: true, encoding: .utf8)
    let truncated = try covgate([
      "check", "--cobertura", report, "--output", "\(package)/out-cob-bad", "--no-history",
    ])
    XCTAssertEqual(truncated.exitCode, 2, truncated.stderr)
    XCTAssertTrue(truncated.stderr.contains("is truncated: it ends before </coverage>"))
    XCTAssertFalse(FileManager.default.fileExists(atPath: "\(package)/out-cob-bad"))
    let mixed = try covgate(["check", "--cobertura", report, "--lcov", report, "--no-history"])
    XCTAssertEqual(mixed.exitCode, 64, mixed.stderr)
  }
}
