import Foundation
import XCTest

/// covgate on an app whose App folder mixes Swift and Objective-C (Fixtures/XcodeMixedApp), from
/// the xccov report and archive of a real run of the same code (`ci/record-mixed-xcode-fixture.sh`:
/// the Objective-C built with clang and the GNU runtime here, written in xccov's shapes). With no
/// config, both languages count for the project, the layers and the report's own target, and the
/// figures are the report's own.
final class XcodeMixedProjectEndToEndTests: XCTestCase {
  private var project = ""

  override func setUpWithError() throws {
    try XCTSkipUnless(
      FileManager.default.isExecutableFile(atPath: CLIHarness.covgate), "build covgate first")
    let source = try XCTUnwrap(
      Bundle.module.url(forResource: "Fixtures/XcodeMixedApp", withExtension: nil)
    ).path
    project = NSTemporaryDirectory() + "covgate-mixed-\(UUID().uuidString)/fares"
    try FileManager.default.createDirectory(
      atPath: (project as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: source, toPath: project)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(atPath: (project as NSString).deletingLastPathComponent)
  }

  private func recorded(_ name: String) throws -> String {
    try XCTUnwrap(
      Bundle.module.url(forResource: "Fixtures/XcodeMixedRecorded/\(name)", withExtension: nil)
    ).path
  }

  /// The recorded report's App target: its lines and, per project-relative path, each file's.
  private func reportedApp() throws -> (lines: [Int], files: [String: [Int]]) {
    let data = try Data(contentsOf: URL(fileURLWithPath: try recorded("xccov-report.json")))
    let report = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    let targets = try XCTUnwrap(report["targets"] as? [[String: Any]])
    let app = try XCTUnwrap(targets.first { $0["name"] as? String == "App.app" })
    var files: [String: [Int]] = [:]
    for file in try XCTUnwrap(app["files"] as? [[String: Any]]) {
      let path = try XCTUnwrap(file["path"] as? String)
      let relative = String(try XCTUnwrap(path.components(separatedBy: "/fares/fares/").last))
      files[relative] = [file["coveredLines"] as? Int ?? -1, file["executableLines"] as? Int ?? -1]
    }
    return ([app["coveredLines"] as? Int ?? -1, app["executableLines"] as? Int ?? -1], files)
  }

  private func check(_ inputs: [String], formats: [String]) throws -> (
    json: [String: Any], folder: String
  ) {
    let folder = "\(project)/../out-\(UUID().uuidString)"
    let result = try CLIHarness.run(
      CLIHarness.covgate,
      ["check"] + inputs + ["--output", folder, "--no-history"]
        + formats.flatMap { ["--format", $0] }, in: project)
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    let data = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/covgate.json"))
    return (try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any]), folder)
  }

  private func lines(_ summary: Any?) -> [Int] {
    let lines = (summary as? [String: Any])?["lines"] as? [String: Any]
    return [lines?["covered"] as? Int ?? -1, lines?["count"] as? Int ?? -1]
  }

  func testSwiftAndObjectiveCFilesGiveTheReportsOwnFiguresInTheirLayers() throws {
    let reported = try reportedApp()
    XCTAssertEqual(
      Set(reported.files.keys.map { ($0 as NSString).pathExtension }), ["swift", "m"],
      "the recorded report mixes Swift and Objective-C")
    let (json, folder) = try check(
      [
        "--xccov-report", try recorded("xccov-report.json"), "--xccov-archive",
        try recorded("xccov-archive.json"),
      ], formats: ["json", "html"])
    XCTAssertEqual(lines(json["totals"]), reported.lines, "the App target's own lines")
    let files = try XCTUnwrap(json["files"] as? [[String: Any]])
    var measured: [String: [Int]] = [:]
    var layers: [String: String] = [:]
    for file in files {
      let path = try XCTUnwrap(file["path"] as? String)
      measured[path] = lines(file["summary"])
      layers[path] = file["layer"] as? String
      XCTAssertEqual(file["target"] as? String, "App", path)
    }
    XCTAssertEqual(measured, reported.files)
    // Objective-C's UI conventions (`*View.m`) are UI glue; its logic is gated with Swift's.
    XCTAssertEqual(
      layers,
      [
        "App/Fares/FareCalculator.swift": "logic", "App/Legacy/LegacyPricer.m": "logic",
        "App/Legacy/BannerView.m": "ui-glue",
      ])
    // The functions as xccov names them, Objective-C methods included, on the file's page.
    let pages = try FileManager.default.contentsOfDirectory(atPath: "\(folder)/files").filter {
      $0.contains("LegacyPricer.m")
    }
    let page = try String(
      contentsOfFile: "\(folder)/files/\(try XCTUnwrap(pages.first))", encoding: .utf8)
    XCTAssertTrue(page.contains("-[LegacyPricer fareForNights:campers:]"), page)
    XCTAssertTrue(page.contains("+[LegacyPricer pricerWithNightlyCents:]"), page)
  }

  /// The archive alone (lines, no functions) counts the same lines, both languages'.
  func testTheArchiveAloneCountsTheSameLines() throws {
    let reported = try reportedApp()
    let (json, _) = try check(
      ["--xccov-archive", try recorded("xccov-archive.json")], formats: ["json"])
    let files = try XCTUnwrap(json["files"] as? [[String: Any]])
    var measured: [String: [Int]] = [:]
    for file in files { measured[file["path"] as? String ?? "?"] = lines(file["summary"]) }
    XCTAssertEqual(measured, reported.files)
    XCTAssertEqual(lines(json["totals"]), reported.lines)
  }

  /// `init` names the report's App target, whose folder holds both languages.
  func testInitWritesTheReportsTargetForTheMixedFolder() throws {
    let result = try CLIHarness.run(
      CLIHarness.covgate, ["init", "--xccov-report", try recorded("xccov-report.json")],
      in: project)
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    let text = try String(contentsOfFile: "\(project)/.covgate.yml", encoding: .utf8)
    XCTAssertTrue(text.contains("\"App\": \"App\""), text)
  }
}
