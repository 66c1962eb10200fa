import Foundation
import XCTest

/// `swift package covgate` for real, with no flag: a copy of the Sample package whose one
/// dependency is the binary plugin package `make dist` writes (`dist/plugin`, here around the
/// covgate these tests built), the plugin run by SwiftPM, compared with SwiftPM's own coverage
/// run of the same package.
/// The plugin's code is the repository's `Plugins/CovgatePlugin`, copied; what the binary
/// package spares is building covgate and its dependencies in the copy (three minutes on two
/// cores). `COVGATE_PLUGIN_TEST=0` skips the class.
final class PluginEndToEndTests: XCTestCase {
  nonisolated(unsafe) private static var package = ""
  nonisolated(unsafe) private static var dist = ""

  /// This repository: `ci/dist.sh` writes the plugin package from it.
  private static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

  override class func setUp() {
    super.setUp()
    guard ProcessInfo.processInfo.environment["COVGATE_PLUGIN_TEST"] != "0",
      FileManager.default.isExecutableFile(atPath: CLIHarness.covgate)
    else { return }
    dist = NSTemporaryDirectory() + "covgate-plugin-dist-\(UUID().uuidString)"
    let made = try? CLIHarness.run(
      "/bin/bash", ["\(repository)/ci/dist.sh", CLIHarness.covgate, dist])
    guard made?.exitCode == 0 else { return }
    package = SampleCopy.make("plugin")
    let manifest = "\(package)/Package.swift"
    let text = try! String(contentsOfFile: manifest, encoding: .utf8)
    try! text.replacingOccurrences(
      of: "  targets: [",
      with: "  dependencies: [.package(path: \"\(dist)/plugin\")],\n  targets: [", options: [],
      range: nil
    ).write(toFile: manifest, atomically: true, encoding: .utf8)
  }

  override class func tearDown() {
    if !package.isEmpty {
      SampleCopy.remove(package)
    }
    if !dist.isEmpty {
      try? FileManager.default.removeItem(atPath: dist)
    }
    super.tearDown()
  }

  private var package: String { Self.package }

  override func setUpWithError() throws {
    try XCTSkipIf(
      ProcessInfo.processInfo.environment["COVGATE_PLUGIN_TEST"] == "0", "COVGATE_PLUGIN_TEST=0")
    try XCTSkipUnless(
      FileManager.default.isExecutableFile(atPath: CLIHarness.covgate), "build covgate first")
    XCTAssertFalse(package.isEmpty, "ci/dist.sh did not write the plugin package")
  }

  /// `swift package ... covgate <arguments>`, timed.
  private func plugin(_ arguments: [String], environment: [String: String] = [:]) throws
    -> CLIHarness.Result
  {
    let start = Date()
    let result = try CLIHarness.run(
      "/usr/bin/env",
      ["swift", "package", "--allow-writing-to-package-directory", "covgate"] + arguments,
      in: package, environment: environment)
    print(
      "plugin-timing: swift package covgate \(arguments.joined(separator: " ")): \(Int(Date().timeIntervalSince(start)))s"
    )
    return result
  }

  private func json(_ path: String) throws -> [String: Any] {
    try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
        as? [String: Any])
  }

  func testAGreenRunWithNoFlagGivesTheFiguresOfSwiftPMsOwnCoverageRun() throws {
    let result = try plugin(["--format", "json"])
    XCTAssertEqual(result.exitCode, 0, result.stdout + result.stderr)
    // SwiftPM takes the prebuilt covgate from the bundle and builds nothing of covgate's.
    for dependency in ["SwiftSyntax", "GRDB", "Yams", "ArgumentParser"] {
      XCTAssertFalse(
        (result.stdout + result.stderr).contains("Compiling \(dependency)"),
        "compiled \(dependency)")
    }
    let output = result.stdout + result.stderr
    let reports = "\(package)/.build/covgate"
    let pluginTotals = try XCTUnwrap(
      try json("\(reports)/covgate.json")["totals"] as? [String: Any])
    // Built with atomic counters and run one test per process: branches derived, a test map.
    XCTAssertFalse(output.contains("are not atomic"), output)
    XCTAssertGreaterThan(
      (pluginTotals["branches"] as? [String: Any])?["count"] as? Int ?? 0, 0, "derived branches")
    XCTAssertTrue(FileManager.default.fileExists(atPath: "\(reports)/covgate-test-map.json"))

    // SwiftPM's own coverage run of the same package, read by covgate: the same figures.
    let swiftTest = try CLIHarness.run(
      "/usr/bin/env", ["swift", "test", "--enable-code-coverage"], in: package)
    XCTAssertEqual(swiftTest.exitCode, 0, swiftTest.stderr)
    let fromBuild = try CLIHarness.run(
      CLIHarness.covgate,
      [
        "check", "--from-build", ".build/debug", "--output", "out-build", "--format", "json",
        "--no-history",
      ],
      in: package)
    XCTAssertEqual(fromBuild.exitCode, 0, fromBuild.stderr)
    let swiftPMTotals = try XCTUnwrap(
      try json("\(package)/out-build/covgate.json")["totals"] as? [String: Any])
    for metric in ["lines", "functions", "instantiations", "regions"] {
      XCTAssertEqual(
        swiftPMTotals[metric] as? NSDictionary, pluginTotals[metric] as? NSDictionary, metric)
    }

    try assertThePluginsDescriptionEqualsSwiftPackageDescribe()
    let strays = try FileManager.default.contentsOfDirectory(atPath: package).filter {
      $0.hasSuffix(".profraw")
    }
    XCTAssertEqual(
      strays, [], "a covgate built with coverage flags must not leave profiles in the package")
  }

  func testARedRunFailsNamesTheTestAndStillWritesTheReports() throws {
    let reports = "\(package)/.build/covgate"
    try? FileManager.default.removeItem(atPath: reports)
    let result = try plugin(
      ["--format", "json", "--format", "text", "--update-baseline"],
      environment: ["SAMPLE_FAIL": "1"])
    XCTAssertNotEqual(result.exitCode, 0, result.stdout + result.stderr)
    let output = result.stdout + result.stderr
    XCTAssertTrue(output.contains("✗ PricingTests.PriceTests/testFailsWhenAsked"), output)
    XCTAssertTrue(output.contains("the tests failed (named above)"), output)
    XCTAssertTrue(output.contains("the tests failed, so the baseline was not updated"), output)
    XCTAssertTrue(FileManager.default.fileExists(atPath: "\(reports)/covgate.json"))
    XCTAssertTrue(FileManager.default.fileExists(atPath: "\(reports)/covgate.txt"))
    XCTAssertFalse(FileManager.default.fileExists(atPath: "\(package)/.covgate-baseline.json"))
  }

  /// The description the plugin wrote equals the one covgate cached from
  /// `swift package describe` (run by the `covgate check` above).
  private func assertThePluginsDescriptionEqualsSwiftPackageDescribe() throws {
    let written = try json(
      "\(package)/.build/plugins/CovgatePlugin/outputs/package-description.json")
    let described = try json(try CLIHarness.describeCache(root: package))
    XCTAssertEqual(written["name"] as? String, described["name"] as? String)
    func resolved(_ path: Any?) -> String? {
      (path as? String).map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
    }
    XCTAssertEqual(resolved(written["root"]), resolved(described["root"]))
    func targets(_ json: [String: Any]) -> [String: NSDictionary] {
      var byName: [String: NSDictionary] = [:]
      for var target in json["targets"] as? [[String: Any]] ?? [] {
        for key in ["products", "dependencies", "sources"] {
          target[key] = (target[key] as? [String])?.sorted()
        }
        byName[target["name"] as? String ?? ""] = target as NSDictionary
      }
      return byName
    }
    XCTAssertEqual(targets(written), targets(described))
  }
}
