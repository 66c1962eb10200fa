import Foundation
import XCTest

/// Many `covgate check` processes at once on one export, one history database and one output
/// folder: none fails or waits out a lock, every run is recorded, and a reader never sees a
/// report that is not whole.
final class LoadEndToEndTests: XCTestCase {
  nonisolated(unsafe) private static var package = ""

  override class func setUp() {
    super.setUp()
    package = SampleCopy.make("load")
  }

  override class func tearDown() {
    SampleCopy.remove(package)
    super.tearDown()
  }

  private var package: String { Self.package }
  private let ci = [
    "GITHUB_SHA": "feedc0ffee1234567890", "GITHUB_HEAD_REF": "", "GITHUB_REF_NAME": "load",
  ]

  override func setUpWithError() throws {
    try XCTSkipUnless(
      FileManager.default.isExecutableFile(atPath: CLIHarness.covgate), "build covgate first")
  }

  private func covgate(_ arguments: [String]) throws -> CLIHarness.Result {
    try CLIHarness.run(CLIHarness.covgate, arguments, in: package, environment: ci)
  }

  /// The parts of a report that must not depend on how many runs wrote it at once.
  private func figures(_ data: Data) throws -> NSDictionary {
    let json = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    return ["totals": try XCTUnwrap(json["totals"]), "files": try XCTUnwrap(json["files"])]
  }

  func testEightChecksAtOnceThreeTimesOverShareOneHistoryAndOneOutputFolder() throws {
    let green = try covgate(["run", "--output", "\(package)/out-setup", "--quiet", "--no-history"])
    XCTAssertEqual(green.exitCode, 0, green.stderr)
    let export = "\(package)/.build/debug/codecov/Sample.json"
    let single = try covgate([
      "check", "--input", export, "--output", "\(package)/out-single", "--quiet", "--no-history",
    ])
    XCTAssertEqual(single.exitCode, 0, single.stderr)
    let expected = try XCTUnwrap(
      FileManager.default.contents(atPath: "\(package)/out-single/covgate.json"))
    let expectedFigures = try figures(expected)

    let output = "\(package)/out-shared"
    // Every format: more files written at once into one folder (files/, assets/), and an HTML
    // index that embeds the history, so it differs from run to run while covgate.json must not.
    let arguments = ["check", "--input", export, "--output", output, "--quiet", "--format", "all"]
    let (processes, rounds) = (8, 3)
    let start = Date()
    for round in 1...rounds {
      let reader = ReportReader(path: "\(output)/covgate.json", expected: expected)
      reader.start()
      let results = ConcurrentResults()
      let group = DispatchGroup()
      for _ in 0..<processes {
        group.enter()
        let environment = ci
        Thread {
          defer { group.leave() }
          results.append(
            try? CLIHarness.run(
              CLIHarness.covgate, arguments, in: Self.package, environment: environment))
        }.start()
      }
      XCTAssertEqual(group.wait(timeout: .now() + 300), .success)
      let observed = reader.stop()

      XCTAssertEqual(results.all.count, processes)
      for result in results.all {
        XCTAssertEqual(result?.exitCode, 0, result?.stderr ?? "did not run")
        XCTAssertFalse(result?.stderr.contains("database is locked") ?? true, result?.stderr ?? "")
        XCTAssertFalse(result?.stderr.contains("warning") ?? true, result?.stderr ?? "")
      }
      XCTAssertEqual(
        observed.damaged, [], "round \(round): a reader saw a report that was not whole")
      let report = try XCTUnwrap(FileManager.default.contents(atPath: "\(output)/covgate.json"))
      XCTAssertEqual(
        report, expected, "round \(round): the report is not the one a single run writes")
      XCTAssertEqual(try figures(report), expectedFigures)
      XCTAssertEqual(FolderContents.temporaryFiles(in: output), [], "round \(round)")
      print("load round \(round): \(observed.reads) reads of the report while it was rewritten")
    }
    let seconds = Date().timeIntervalSince(start)

    let history = try covgate(["history", "--limit", "1000"])
    XCTAssertEqual(history.exitCode, 0, history.stderr)
    XCTAssertEqual(
      history.stdout.split(separator: "\n").dropFirst().count, processes * rounds, history.stdout)
    XCTAssertEqual(FolderContents.temporaryFiles(in: "\(package)/.covgate"), [])
    print(
      "load: \(processes * rounds) checks in \(rounds) rounds of \(processes) took \(String(format: "%.1f", seconds)) s"
    )
  }
}
