import Foundation
import XCTest

/// `check --xcresult` and `run --xcode` with a fake `xcrun` and `xcodebuild` first on PATH: they
/// replay the xccov JSON recorded from a real run of the fixture app (`ci/record-xcode-fixture.sh`)
/// and log how covgate called them. What a real Xcode does is not tested here (no Mac): see
/// docs/xcode.md.
final class XcodeToolsEndToEndTests: XCTestCase {
  private var work = ""
  private var project: String { "\(work)/shop" }
  private var tools: String { "\(work)/tools" }
  private var log: String { "\(work)/calls.log" }

  override func setUpWithError() throws {
    try XCTSkipUnless(
      FileManager.default.isExecutableFile(atPath: CLIHarness.covgate), "build covgate first")
    work = NSTemporaryDirectory() + "covgate-xcode-tools-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: Bundle.module.url(forResource: "Fixtures/XcodeApp", withExtension: nil)!.path,
      toPath: project)
    let recorded = Bundle.module.url(forResource: "Fixtures/XcodeRecorded", withExtension: nil)!
      .path
    // xcrun xccov view --report|--archive --json BUNDLE: the recording named in BUNDLE/run-name.
    try script(
      "xcrun",
      """
      echo "xcrun $*" >> '\(log)'
      [ "$1 $2 $4" = "xccov view --json" ] || { echo "xcrun: unexpected arguments: $*" >&2; exit 64; }
      [ -f "$5/run-name" ] || { echo "xccov: $5 is not a result bundle" >&2; exit 1; }
      cat '\(recorded)'/"$(cat "$5/run-name")".xccov-"${3#--}".json
      """)
    // xcodebuild test ... -resultBundlePath BUNDLE: a bundle of the run $FAKE_RUN, exit $FAKE_EXIT
    // (no bundle when $FAKE_NO_BUNDLE is set).
    try script(
      "xcodebuild",
      """
      echo "xcodebuild $*" >> '\(log)'
      while [ $# -gt 0 ]; do [ "$1" = -resultBundlePath ] && bundle="$2"; shift; done
      if [ -z "$FAKE_NO_BUNDLE" ]; then mkdir -p "$bundle" && echo "$FAKE_RUN" > "$bundle/run-name"; fi
      echo "** TEST SUCCEEDED **"
      exit "${FAKE_EXIT:-0}"
      """)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(atPath: work)
  }

  private func script(_ name: String, _ body: String) throws {
    let path = "\(tools)/\(name)"
    try "#!/bin/sh\n\(body)\n".write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
  }

  private func bundle(_ name: String, run: String) throws -> String {
    let path = "\(work)/\(name).xcresult"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    try run.write(toFile: "\(path)/run-name", atomically: true, encoding: .utf8)
    return path
  }

  private func covgate(_ arguments: [String], environment: [String: String] = [:]) throws
    -> CLIHarness.Result
  {
    try CLIHarness.run(
      CLIHarness.covgate, arguments + ["--no-history"], in: project,
      environment: ["PATH": "\(tools):/usr/bin:/bin"].merging(environment) { $1 })
  }

  private func lines(_ folder: String) throws -> [String: Any] {
    let data = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/covgate.json"))
    let json = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    XCTAssertEqual(json["source"] as? String, "xccov")
    return try XCTUnwrap((json["totals"] as? [String: Any])?["lines"] as? [String: Any])
  }

  func testTwoResultBundlesAreReadWithXccovAndMergedAsTheirJSONWouldBe() throws {
    let unit = try bundle("Unit", run: "unit")
    let ui = try bundle("UI", run: "ui")
    let bundles = "\(work)/out-bundles"
    let viaBundles = try covgate([
      "check", "--xcresult", unit, "--xcresult", ui, "--output", bundles, "--format", "json",
    ])
    XCTAssertEqual(viaBundles.exitCode, 0, viaBundles.stderr)
    let calls = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
    XCTAssertEqual(
      calls,
      [
        "xcrun xccov view --report --json \(unit)", "xcrun xccov view --archive --json \(unit)",
        "xcrun xccov view --report --json \(ui)", "xcrun xccov view --archive --json \(ui)",
      ])
    let recorded = Bundle.module.url(forResource: "Fixtures/XcodeRecorded", withExtension: nil)!
      .path
    let files = "\(work)/out-files"
    let viaFiles = try covgate(
      ["check", "--output", files, "--format", "json"]
        + ["unit", "ui"].flatMap {
          [
            "--xccov-report", "\(recorded)/\($0).xccov-report.json", "--xccov-archive",
            "\(recorded)/\($0).xccov-archive.json",
          ]
        })
    XCTAssertEqual(viaFiles.exitCode, 0, viaFiles.stderr)
    XCTAssertEqual(try lines(bundles) as NSDictionary, try lines(files) as NSDictionary)
  }

  func testRunXcodeTestsIntoABundleAndGatesItsCoverage() throws {
    let output = "\(work)/out-run"
    let result = try covgate(
      [
        "run", "--xcode", "--scheme", "Shop", "--project", "Shop.xcodeproj", "--destination",
        "platform=iOS Simulator,name=iPhone 16", "--test-plan", "All", "--output", output,
        "--format", "json",
      ], environment: ["FAKE_RUN": "all"])
    XCTAssertEqual(result.exitCode, 0, result.stderr)
    let bundle = "\(output)/.xcode/Tests.xcresult"
    let calls = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(
      String.init)
    XCTAssertEqual(
      calls.first,
      "xcodebuild test -scheme Shop -project \(project)/Shop.xcodeproj -destination platform=iOS Simulator,name=iPhone 16 -testPlan All -enableCodeCoverage YES -resultBundlePath \(bundle)"
    )
    XCTAssertEqual(calls.dropFirst().first, "xcrun xccov view --report --json \(bundle)")
    XCTAssertNotNil(try lines(output)["covered"])
  }

  func testFailedXcodeTestsStillReportAndExitThree() throws {
    let output = "\(work)/out-failed"
    let failed = try covgate(
      ["run", "--xcode", "--scheme", "Shop", "--output", output, "--format", "json"],
      environment: ["FAKE_RUN": "unit", "FAKE_EXIT": "65"])
    XCTAssertEqual(failed.exitCode, 3, failed.stderr)
    XCTAssertTrue(
      FileManager.default.fileExists(atPath: "\(output)/covgate.json"), "reports still written")

    let noBundle = try covgate(
      ["run", "--xcode", "--scheme", "Shop", "--output", "\(work)/out-none"],
      environment: ["FAKE_EXIT": "65", "FAKE_NO_BUNDLE": "1"])
    XCTAssertEqual(noBundle.exitCode, 3)
    XCTAssertTrue(noBundle.stderr.contains("before writing a result bundle"), noBundle.stderr)
  }

  func testWithoutXcodeOrWithABadBundleTheErrorSaysWhatToDo() throws {
    let missing = try CLIHarness.run(
      CLIHarness.covgate, ["check", "--xcresult", try bundle("Unit", run: "unit"), "--no-history"],
      in: project,
      environment: ["PATH": "/usr/bin:/bin"])
    XCTAssertEqual(missing.exitCode, 2)
    XCTAssertTrue(missing.stderr.contains("no xcrun on PATH"), missing.stderr)
    let notABundle = try covgate(["check", "--xcresult", "\(work)/nothing.xcresult"])
    XCTAssertEqual(notABundle.exitCode, 2)
    XCTAssertTrue(notABundle.stderr.contains("is not an .xcresult bundle"), notABundle.stderr)
    let usage = try covgate(["run", "--scheme", "Shop"])
    XCTAssertEqual(usage.exitCode, 64)
    XCTAssertTrue(usage.stderr.contains("need --xcode"), usage.stderr)
  }
}
