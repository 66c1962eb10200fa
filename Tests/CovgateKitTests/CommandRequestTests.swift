import CoverageAcquisition
import CoverageGate
import CoverageModel
import Foundation
import XCTest

@testable import CovgateKit

/// The commands' requests in plain values, as the CLI hands them over: the kit reads the config,
/// checks the names given and decides from the environment what the CLI used to.
final class CommandRequestTests: XCTestCase {
  private var root = ""

  override func setUpWithError() throws {
    root = NSTemporaryDirectory() + "covgate-request-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(atPath: root)
  }

  private func request(_ change: (inout RunRequest) -> Void = { _ in }) -> RunRequest {
    var request = RunRequest(
      packageRoot: root, configFile: ConfigFile(given: nil, root: root))
    change(&request)
    return request
  }

  func testARequestBecomesTheRunsSettingsWithTheConfigAndTheEnvironment() throws {
    let environment = [
      "GITHUB_ACTIONS": "true", "HOME": "\(root)/home", "XDG_CACHE_HOME": "\(root)/cache",
    ]
    let settings = try RunSettings(
      request {
        $0.formats = ["json", "text", "json"]
        $0.pathMaps = ["/ci/src=\(root)"]
        $0.title = "Nightly"
        $0.revision = "abc1234"
        $0.base = "origin/main"
      }, source: .exports(["\(root)/export.json"]), environment: environment)

    XCTAssertEqual(settings.config, .appDefaults, "no Package.swift and no config: an app's")
    XCTAssertEqual(settings.formats, [.json, .text])
    XCTAssertEqual(settings.pathMaps.count, 1)
    XCTAssertEqual(settings.heading.title, "Nightly")
    XCTAssertEqual(settings.heading.revision, "abc1234")
    XCTAssertEqual(settings.base, "origin/main")
    XCTAssertTrue(settings.annotatesLines, "GitHub Actions points at uncovered lines")
    XCTAssertTrue(settings.recordsHistory)
    XCTAssertEqual(settings.outputFolder, RunSettings.defaultOutputFolder(root: root))
    let cache = try XCTUnwrap(settings.cacheFolder)
    XCTAssertTrue(cache.contains("/covgate/"), cache)
    XCTAssertEqual(
      settings.historyPath,
      HistoryLocation.path(
        settings.config.history, root: root,
        environment: environment))
  }

  func testNoHistoryAndTheConfigsOwnSettingsAreKept() throws {
    try "patch: { base: origin/develop }\nhistory: { enabled: false }\n".write(
      toFile: "\(root)/custom.yml", atomically: true, encoding: .utf8)
    let configured = try RunSettings(
      request { $0.configFile = ConfigFile(given: "\(root)/custom.yml", root: root) },
      source: .exports([]), environment: [:])
    XCTAssertEqual(configured.base, "origin/develop", "the config's base when none is given")
    XCTAssertFalse(configured.recordsHistory)
    XCTAssertFalse(configured.annotatesLines)

    let unrecorded = try RunSettings(
      request { $0.recordsHistory = false }, source: .exports([]), environment: [:])
    XCTAssertFalse(unrecorded.recordsHistory)
  }

  func testAConfigFileNamedOnTheCommandLineMustExist() {
    let named = ConfigFile(given: "\(root)/missing.yml", root: root)
    XCTAssertTrue(named.required)
    XCTAssertThrowsError(try named.load(root: root))
    let own = ConfigFile(given: nil, root: root)
    XCTAssertEqual(own.path, "\(root)/.covgate.yml")
    XCTAssertFalse(own.required)
    XCTAssertEqual(try own.load(root: root, describedAsPackage: true), .defaults)
  }

  func testUnknownFormatsAndMalformedPathMapsAreUsageErrors() throws {
    XCTAssertEqual(
      try RunSettings.reportFormats(["all", "text"]).count, RunSettings.formatNames.count)
    XCTAssertThrowsError(try RunSettings.reportFormats(["text", "pdf"])) { error in
      XCTAssertEqual(
        (error as? UsageError)?.message,
        "unknown format 'pdf'; valid formats: \(RunSettings.formatNames.joined(separator: ", ")), all"
      )
    }
    XCTAssertThrowsError(try RunSettings.pathMaps(["/old="])) { error in
      XCTAssertEqual(
        error as? UsageError,
        UsageError("--path-map takes OLD=NEW with both sides non-empty, got '/old='"))
    }
  }

  func testAPerTestRequestBecomesTheRunnersSettings() {
    XCTAssertTrue(PerTestRequest.isShard("2/3"))
    XCTAssertFalse(PerTestRequest.isShard("4/3"))
    XCTAssertFalse(PerTestRequest.isShard("two"))

    let settings = PerTestRequest(
      jobs: 3, shard: "1/2", freshProcesses: true, builtTests: "\(root)/./.build/../.build/debug"
    ).settings
    XCTAssertEqual(settings.jobs, 3)
    XCTAssertEqual(settings.shard, Shard(argument: "1/2"))
    XCTAssertTrue(settings.freshProcesses)
    XCTAssertEqual(settings.builtTests, URL(fileURLWithPath: "\(root)/.build/debug").path)
    XCTAssertEqual(PerTestRequest().settings, PerTestSettings(), "the cores, every test")
  }

  func testTheSourcesFromPlainValuesAreTheRunnersAndReadersOwn() {
    XCTAssertEqual(
      CoverageSource.swiftTest(
        arguments: ["--parallel"], timeout: 30, perTest: PerTestRequest(jobs: 2), repeat: 3),
      .tests(
        arguments: ["--parallel"], timeout: 30, perTest: PerTestSettings(jobs: 2), repeat: 3))
    XCTAssertEqual(
      CoverageSource.llvmCovExports(["a.json"], buildFolder: nil, profdata: nil, objects: []),
      .exports(["a.json"]))
    XCTAssertEqual(
      CoverageSource.llvmCovExports(
        [], buildFolder: nil, profdata: "/p.profdata", objects: ["/app"]),
      .exports([], profile: ProfileExport(profdata: "/p.profdata", objects: ["/app"])))
    XCTAssertEqual(
      CoverageSource.xcodebuild(
        scheme: "Shop", workspace: nil, project: "/x/Shop.xcodeproj", destination: nil,
        testPlan: nil, root: "/x"),
      .xcodeTests(XcodeTestRequest(scheme: "Shop", project: "/x/Shop.xcodeproj", root: "/x")))
  }

  func testMutationFormatsDefaultToTextJSONAndMarkdown() throws {
    XCTAssertEqual(try MutationFormat.chosen([]), [.text, .json, .markdown])
    XCTAssertEqual(try MutationFormat.chosen(["html", "all"]), Set(MutationFormat.allCases))
    XCTAssertThrowsError(try MutationFormat.chosen(["pdf"])) { error in
      XCTAssertEqual(
        (error as? UsageError)?.message,
        "unknown format 'pdf'; valid formats: text, json, markdown, html, sonarqube, sarif, all")
    }
  }

  func testOnlyTestsThatFailedTimedOutOrLostTheirCoverageEndARunAsFailedTests() {
    XCTAssertEqual(RunOutcome(error: TestTimeout(seconds: 5)), .testsFailed)
    XCTAssertEqual(RunOutcome(error: XcodeTestsFailed(exitCode: 65)), .testsFailed)
    XCTAssertNil(RunOutcome(error: UsageError("no")))
    XCTAssertNil(RunOutcome(error: InitError(path: "/x/.covgate.yml")))
  }
}
