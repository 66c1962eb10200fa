import Foundation
import XCTest

/// covgate on real xccov reports that public projects keep (Fixtures/XccovReports, sources and
/// licences in its SOURCES.md): an Objective-C SDK's CI report, an Objective-C and C++ report
/// with xccov's own errors, and a Swift app's. Each project's folders are rebuilt from the
/// report's paths (empty files), and covgate runs with no config: its figures must be the
/// report's own for the project's files, its targets the report's products.
final class XccovReportsEndToEndTests: XCTestCase {
  override func setUpWithError() throws {
    try XCTSkipUnless(
      FileManager.default.isExecutableFile(atPath: CLIHarness.covgate), "build covgate first")
  }

  private struct Report {
    var name: String
    var root: String
    var json: [String: Any]
    var targets: [[String: Any]] { json["targets"] as? [[String: Any]] ?? [] }
  }

  private func report(_ name: String, root: String) throws -> Report {
    let url = try XCTUnwrap(
      Bundle.module.url(forResource: "Fixtures/XccovReports/\(name)", withExtension: "json"))
    let json = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    return Report(name: url.path, root: root, json: json)
  }

  /// Whether a project-relative path is the project's own code by Xcode's conventions, written
  /// here apart from covgate's rules: not a CocoaPods dependency, not in a test folder.
  private func isOwnCode(_ relative: String) -> Bool {
    let folders = relative.split(separator: "/").dropLast()
    return !folders.contains("Pods") && !folders.contains { $0.hasSuffix("Tests") }
  }

  /// The project's folders rebuilt in a temporary folder: an empty file per path under `root`.
  private func rebuild(_ report: Report) throws -> String {
    let project = NSTemporaryDirectory() + "covgate-xccov-real-\(UUID().uuidString)/project"
    for target in report.targets {
      for file in target["files"] as? [[String: Any]] ?? [] {
        let path = try XCTUnwrap(file["path"] as? String)
        guard path.hasPrefix(report.root + "/") else { continue }
        let local = project + "/" + path.dropFirst(report.root.count + 1)
        try FileManager.default.createDirectory(
          atPath: (local as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: local, contents: Data())
      }
    }
    return project
  }

  /// covgate's JSON report of `report` checked in its rebuilt project, with no config.
  private func check(_ report: Report) throws -> (json: [String: Any], stdout: String) {
    let project = try rebuild(report)
    defer {
      try? FileManager.default.removeItem(atPath: (project as NSString).deletingLastPathComponent)
    }
    let output = "\(project)/../out"
    let result = try CLIHarness.run(
      CLIHarness.covgate,
      [
        "check", "--xccov-report", report.name, "--output", output, "--format", "json",
        "--format", "text", "--no-history",
      ], in: project)
    XCTAssertTrue([0, 1].contains(result.exitCode), result.stderr)
    let json = try XCTUnwrap(
      JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: "\(output)/covgate.json"))) as? [String: Any])
    let text = try String(contentsOfFile: "\(output)/covgate.txt", encoding: .utf8)
    return (json, text)
  }

  /// The report's own figures: per own file (first listing under a product), and the targets
  /// whose every file is the project's own code, with their target-level counts.
  private func expected(_ report: Report) throws -> (
    files: [String: [Int]], targets: [String: [Int]]
  ) {
    var files: [String: [Int]] = [:]
    var targets: [String: [Int]] = [:]
    for target in report.targets {
      let name = try XCTUnwrap(target["name"] as? String)
      guard !name.contains(".xctest") else { continue }
      let listed = target["files"] as? [[String: Any]] ?? []
      let relative = listed.compactMap { file -> String? in
        let path = file["path"] as? String ?? ""
        return path.hasPrefix(report.root + "/")
          ? String(path.dropFirst(report.root.count + 1)) : nil
      }
      for (file, path) in zip(listed, relative) where isOwnCode(path) && files[path] == nil {
        files[path] = [file["coveredLines"] as! Int, file["executableLines"] as! Int]
      }
      if !listed.isEmpty, relative.count == listed.count, relative.allSatisfy(isOwnCode) {
        let product = String(name.split(separator: ".").first ?? "")
        targets[product] = [target["coveredLines"] as! Int, target["executableLines"] as! Int]
      }
    }
    return (files, targets)
  }

  private func lines(_ summary: Any?) -> [Int] {
    let lines = (summary as? [String: Any])?["lines"] as? [String: Any]
    return [lines?["covered"] as? Int ?? -1, lines?["count"] as? Int ?? -1]
  }

  private func assertTheReportsOwnFigures(
    _ report: Report, targets: Set<String>, totals: [Int], file: StaticString = #filePath,
    line: UInt = #line
  ) throws -> (json: [String: Any], stdout: String) {
    let (json, text) = try check(report)
    let expected = try expected(report)
    var files: [String: [Int]] = [:]
    var targetOfFile: [String: String] = [:]
    for entry in json["files"] as? [[String: Any]] ?? [] {
      let path = entry["path"] as? String ?? ""
      files[path] = lines(entry["summary"])
      targetOfFile[path] = entry["target"] as? String
    }
    XCTAssertEqual(
      files, expected.files, "each file: the report's own counts", file: file, line: line)
    XCTAssertEqual(Set(targetOfFile.values), targets, file: file, line: line)
    let sums = expected.targets.filter { targets.contains($0.key) }.values.reduce([0, 0]) {
      [$0[0] + $1[0], $0[1] + $1[1]]
    }
    XCTAssertEqual(lines(json["totals"]), totals, file: file, line: line)
    XCTAssertEqual(
      sums, totals, "the totals: the report's own target figures", file: file, line: line)
    return (json, text)
  }

  func testAnObjectiveCSDKsCIReportGivesItsOwnFiguresWithNoConfig() throws {
    let report = try report(
      "objc-firebase-database-ios-ci", root: "/Users/runner/work/firebase-ios-sdk/firebase-ios-sdk")
    let (json, _) = try assertTheReportsOwnFigures(
      report,
      targets: [
        "FirebaseCore", "FirebaseCoreDiagnostics", "FirebaseDatabase", "GoogleDataTransport",
      ],
      totals: [12352, 25077])
    let reasons = (json["excludedFiles"] as? [[String: Any]] ?? []).compactMap {
      $0["reason"] as? String
    }
    XCTAssertEqual(
      reasons.filter { $0 == "outside the project: a CocoaPods dependency (Pods)" }.count, 135,
      "the pods CocoaPods linted under /var/folders")
  }

  func testAReportWithXccovsErrorsGivesItsFiguresAndEachErrorAsAWarning() throws {
    let report = try report(
      "objc-cpp-firebase-database-with-errors", root: "/Users/harasha/working-ios/firebase-ios-sdk")
    let (json, text) = try assertTheReportsOwnFigures(
      report, targets: ["GoogleUtilities", "leveldb"], totals: [4347, 8726])
    let errors = try XCTUnwrap(report.json["errors"] as? [[String: Any]])
    XCTAssertEqual(errors.count, 2)
    let verdicts = ((json["gate"] as? [String: Any])?["verdicts"] as? [[String: Any]]) ?? []
    for error in errors {
      let description = try XCTUnwrap(error["localizedDescription"] as? String)
      XCTAssertTrue(text.contains(description), "the error in the text report: \(description)")
      XCTAssertTrue(
        verdicts.contains { ($0["message"] as? String ?? "").contains(description) },
        "the error as a verdict")
    }
  }

  func testASwiftAppsReportGivesTheAppsOwnFiguresWithNoConfig() throws {
    let report = try report("swift-turniptime-app", root: "/Users/spacepyro/Projects/TurnipTime")
    _ = try assertTheReportsOwnFigures(report, targets: ["TurnipTime"], totals: [970, 1965])
  }
}
