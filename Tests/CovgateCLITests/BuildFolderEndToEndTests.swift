import Foundation
import XCTest

/// `check --from-build` and `--package-description` on a real red run of the Sample package:
/// what the SwiftPM plugin relies on, without the plugin.
final class BuildFolderEndToEndTests: XCTestCase {
  nonisolated(unsafe) private static var package = ""

  /// Copies the fixture and runs its tests once with coverage and one failing test, so SwiftPM
  /// leaves `.profraw` files in `.build/debug/codecov` and writes no export.
  override class func setUp() {
    super.setUp()
    package = SampleCopy.make("build")
    _ = try? CLIHarness.run(
      "/usr/bin/env", ["swift", "test", "--enable-code-coverage"], in: package,
      environment: ["SAMPLE_FAIL": "1"])
  }

  override class func tearDown() {
    SampleCopy.remove(package)
    super.tearDown()
  }

  private var package: String { Self.package }

  override func setUpWithError() throws {
    try XCTSkipUnless(
      FileManager.default.isExecutableFile(atPath: CLIHarness.covgate), "build covgate first")
  }

  private func covgate(_ arguments: [String], environment: [String: String] = [:]) throws
    -> CLIHarness.Result
  {
    try CLIHarness.run(CLIHarness.covgate, arguments, in: package, environment: environment)
  }

  private func totals(_ folder: String) throws -> NSDictionary {
    let data = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/covgate.json"))
    let json = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    return try XCTUnwrap(json["totals"] as? NSDictionary)
  }

  func testFromBuildMergesARedRunsProfilesAndEqualsLLVMCovReport() throws {
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: "\(package)/.build/debug/codecov/Sample.json"),
      "SwiftPM writes no export when a test fails")
    let output = "\(package)/out-from-build"
    let result = try covgate([
      "check", "--from-build", ".build/debug", "--output", output, "--format", "json",
    ])
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    let expected = try CLIHarness.llvmCovTotal(
      profile: "\(package)/.build/debug/codecov/covgate.profdata",
      binary: "\(package)/.build/debug/SamplePackageTests.xctest")
    let totals = try totals(output) as? [String: [String: Any]]
    for (metric, figures) in expected {
      XCTAssertEqual(totals?[metric]?["count"] as? Int, figures.count, metric)
      XCTAssertEqual(totals?[metric]?["covered"] as? Int, figures.count - figures.missed, metric)
    }
  }

  /// With a package description, `check --from-build` needs the llvm tools and never `swift`:
  /// here `swift` is a script that leaves a mark and fails.
  func testWithAPackageDescriptionCovgateNeverRunsSwift() throws {
    let described = "\(package)/out-described"
    XCTAssertEqual(
      try covgate([
        "check", "--from-build", ".build/debug", "--output", described, "--format", "json",
      ]).exitCode, 0)
    let description = try describeCache()

    let tools = "\(package)/fake-toolchain"
    try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
    for tool in ["llvm-cov", "llvm-profdata"] {
      try? FileManager.default.createSymbolicLink(
        atPath: "\(tools)/\(tool)", withDestinationPath: "\(CLIHarness.toolchainBin)/\(tool)")
    }
    let mark = "\(package)/swift-was-run"
    try "#!/bin/sh\ntouch '\(mark)'\nexit 1\n".write(
      toFile: "\(tools)/swift", atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o755], ofItemAtPath: "\(tools)/swift")

    let output = "\(package)/out-no-swift"
    let result = try covgate(
      [
        "check", "--from-build", ".build/debug", "--package-description", description, "--output",
        output, "--format", "json",
      ],
      environment: ["COVGATE_SWIFT": "\(tools)/swift", "PATH": "/usr/bin:/bin"])
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: mark), "covgate ran swift")
    XCTAssertEqual(try totals(output), try totals(described))
  }

  /// `--profdata` and `--object`, as on Xcode's DerivedData, here with SwiftPM's own profile and
  /// test binary, on a copy of the sources in a folder without Package.swift (an app project):
  /// the figures equal `llvm-cov report` on the same profile and binary.
  func testAProfileAndItsBinaryOnAProjectWithoutAManifestEqualLLVMCovReport() throws {
    let merged = "\(package)/out-merge-first"
    XCTAssertEqual(
      try covgate(["check", "--from-build", ".build/debug", "--output", merged, "--format", "json"])
        .exitCode, 0)
    let profdata = "\(package)/.build/debug/codecov/covgate.profdata"
    let binary = "\(package)/.build/debug/SamplePackageTests.xctest"
    let project = (package as NSString).deletingLastPathComponent + "/app"
    try? FileManager.default.removeItem(atPath: project)
    try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: "\(package)/Sources", toPath: "\(project)/Sources")
    try
      "project:\n  targets:\n    Pricing: Sources/Pricing\n    PricingCLI: Sources/PricingCLI\n    Untested: Sources/Untested\n"
      .write(toFile: "\(project)/.covgate.yml", atomically: true, encoding: .utf8)
    let output = "\(package)/out-profdata"
    let result = try CLIHarness.run(
      CLIHarness.covgate,
      [
        "check", "--profdata", profdata, "--object", binary, "--package-path", project,
        "--path-map", "\(package)=\(project)", "--output", output, "--format", "json",
        "--no-history",
      ], in: project)
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    let expected = try CLIHarness.llvmCovTotal(profile: profdata, binary: binary)
    let totals = try totals(output) as? [String: [String: Any]]
    for (metric, figures) in expected {
      XCTAssertEqual(totals?[metric]?["count"] as? Int, figures.count, metric)
      XCTAssertEqual(totals?[metric]?["covered"] as? Int, figures.count - figures.missed, metric)
    }
    let missing = try CLIHarness.run(
      CLIHarness.covgate,
      [
        "check", "--profdata", "\(project)/none.profdata", "--object", binary, "--package-path",
        project,
      ],
      in: project)
    XCTAssertEqual(missing.exitCode, 2)
    XCTAssertTrue(
      missing.stderr.contains("--profdata \(project)/none.profdata: no such file"), missing.stderr)
    let alone = try CLIHarness.run(
      CLIHarness.covgate, ["check", "--profdata", profdata], in: project)
    XCTAssertEqual(alone.exitCode, 64)
    XCTAssertTrue(alone.stderr.contains("--profdata needs at least one --object"), alone.stderr)
  }

  func testABadPackageDescriptionIsOneLineAndExitTwo() throws {
    let cases = [
      ("{ not json", "invalid JSON"),
      (#"{"name": "Sample", "root": "\#(package)"}"#, "missing key 'targets'"),
      (
        #"{"name": "Sample", "root": "/elsewhere", "targets": []}"#,
        "describes the package at /elsewhere"
      ),
    ]
    for (index, (contents, message)) in cases.enumerated() {
      let file = "\(package)/bad-description-\(index).json"
      try contents.write(toFile: file, atomically: true, encoding: .utf8)
      let result = try covgate([
        "check", "--from-build", ".build/debug", "--package-description", file, "--output",
        "\(package)/out-bad",
      ])
      XCTAssertEqual(result.exitCode, 2, result.stderr)
      // Progress lines come first (the build folder is merged before the package is read).
      let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("covgate: error: ") }
      XCTAssertEqual(errors.count, 1, result.stderr)
      XCTAssertTrue(result.stderr.contains("--package-description \(file): "), result.stderr)
      XCTAssertTrue(result.stderr.contains(message), result.stderr)
    }
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: "\(package)/out-bad"), "no report on an input error")
  }

  func testABuildFolderWithoutProfilesIsOneLineAndExitTwo() throws {
    let empty = "\(package)/empty-build"
    try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
    for (folder, message) in [
      (empty, "wrote no coverage profiles"), ("\(package)/missing", "is not a folder"),
    ] {
      let result = try covgate(["check", "--from-build", folder])
      XCTAssertEqual(result.exitCode, 2, result.stderr)
      XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
      XCTAssertTrue(result.stderr.contains(message), result.stderr)
    }
    XCTAssertEqual(try covgate(["check"]).exitCode, 64, "check needs --input or --from-build")
  }

  /// The `PackageInfo` JSON covgate cached from `swift package describe`: the shape
  /// `--package-description` takes.
  private func describeCache() throws -> String {
    try CLIHarness.describeCache(root: package)
  }
}
