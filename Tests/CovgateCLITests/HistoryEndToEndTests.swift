import Foundation
import XCTest

/// The run history end to end: the built `covgate` records `check` runs of the Sample package
/// in `.covgate/history.sqlite`, `covgate history` prints them, and a damaged file only warns.
final class HistoryEndToEndTests: XCTestCase {
  /// One copy of the fixture package for the whole class, so it is built once.
  nonisolated(unsafe) private static var package = ""

  override class func setUp() {
    super.setUp()
    package = SampleCopy.make("history")
  }

  override class func tearDown() {
    SampleCopy.remove(package)
    super.tearDown()
  }

  private var package: String { Self.package }
  private var database: String { "\(package)/.covgate/history.sqlite" }
  /// CI variables fixed, so the recorded commit and branch do not depend on where tests run.
  private let ci = [
    "GITHUB_SHA": "feedc0ffee1234567890", "GITHUB_HEAD_REF": "", "GITHUB_REF_NAME": "feature/h",
  ]

  override func setUpWithError() throws {
    try XCTSkipUnless(
      FileManager.default.isExecutableFile(atPath: CLIHarness.covgate),
      "build covgate first (`swift build`): \(CLIHarness.covgate)")
    for suffix in ["", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: database + suffix)
    }
    // As `covgate init` leaves it: the package asked for its history in `.covgate/`.
    try FileManager.default.createDirectory(
      atPath: "\(package)/.covgate", withIntermediateDirectories: true)
  }

  private func covgate(_ arguments: [String], environment: [String: String] = [:]) throws
    -> CLIHarness.Result
  {
    try CLIHarness.run(
      CLIHarness.covgate, arguments, in: package, environment: ci.merging(environment) { $1 })
  }

  /// An export of a green run, made once by `covgate run --no-history` (which records nothing).
  private func export() throws -> String {
    let export = "\(package)/.build/debug/codecov/Sample.json"
    if !FileManager.default.fileExists(atPath: export) {
      let run = try covgate(["run", "--output", "\(package)/out-setup", "--quiet", "--no-history"])
      XCTAssertEqual(run.exitCode, 0, run.stderr)
      XCTAssertFalse(
        FileManager.default.fileExists(atPath: database), "--no-history wrote a history")
    }
    return export
  }

  /// The data rows of `covgate history` (the header left out).
  private func historyRows() throws -> [Substring] {
    let history = try covgate(["history"])
    XCTAssertEqual(history.exitCode, 0, history.stderr)
    return history.stdout.split(separator: "\n").dropFirst().map { $0 }
  }

  func testTwoChecksAreTwoRowsOfTheTrend() throws {
    let export = try export()
    for index in 0..<2 {
      let check = try covgate([
        "check", "--input", export, "--output", "\(package)/out-h\(index)", "--quiet",
      ])
      XCTAssertEqual(check.exitCode, 0, check.stderr)
      XCTAssertFalse(check.stderr.contains("warning"), check.stderr)
    }

    let history = try covgate(["history", "--package-path", package])
    XCTAssertEqual(history.exitCode, 0, history.stderr)
    let lines = history.stdout.split(separator: "\n")
    XCTAssertEqual(lines.count, 3, history.stdout)
    XCTAssertTrue(lines[0].hasPrefix("date"), history.stdout)
    XCTAssertEqual(
      lines[0].split(separator: " "), ["date", "commit", "branch", "gate", "lines", "logic"])
    for row in lines.dropFirst() {
      XCTAssertTrue(row.contains("feedc0f  feature/h  PASSED"), history.stdout)
    }
    XCTAssertTrue(lines[2].contains("% (0.00)"), history.stdout)
    XCTAssertEqual(try covgate(["history", "--limit", "1"]).stdout.split(separator: "\n").count, 2)
  }

  /// A package that never ran `covgate init` gets nothing written into it: its history is kept
  /// in covgate's cache folder for the package, where `covgate history` finds it.
  func testAPackageThatDidNotAskKeepsItsHistoryInTheCacheFolder() throws {
    let export = try export()
    try FileManager.default.removeItem(atPath: "\(package)/.covgate")
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent(
      "covgate-history-cache-\(UUID().uuidString)"
    ).path
    defer { try? FileManager.default.removeItem(atPath: cache) }

    let check = try covgate(
      ["check", "--input", export, "--output", "\(package)/out-cache", "--quiet"],
      environment: ["XDG_CACHE_HOME": cache])

    XCTAssertEqual(check.exitCode, 0, check.stderr)
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: "\(package)/.covgate"),
      "nothing written into the package")
    let folders = try FileManager.default.contentsOfDirectory(atPath: "\(cache)/covgate")
    XCTAssertEqual(folders.count, 1, "\(folders)")
    XCTAssertTrue(
      FileManager.default.fileExists(atPath: "\(cache)/covgate/\(folders[0])/history.sqlite"),
      "\(folders)")
    let history = try covgate(["history"], environment: ["XDG_CACHE_HOME": cache])
    XCTAssertEqual(history.exitCode, 0, history.stderr)
    XCTAssertEqual(history.stdout.split(separator: "\n").count, 2, history.stdout)
  }

  func testNoHistoryAndADisabledHistoryRecordNothing() throws {
    let export = try export()
    XCTAssertEqual(
      try covgate(["check", "--input", export, "--output", "\(package)/out-n", "--no-history"])
        .exitCode, 0)
    XCTAssertFalse(FileManager.default.fileExists(atPath: database))
    try "history: { enabled: false }\n".write(
      toFile: "\(package)/.covgate.yml", atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: "\(package)/.covgate.yml") }
    XCTAssertEqual(
      try covgate(["check", "--input", export, "--output", "\(package)/out-n"]).exitCode, 0)
    XCTAssertFalse(FileManager.default.fileExists(atPath: database))
  }

  func testAConfiguredPathIsUsed() throws {
    let export = try export()
    try "history: { path: ci-cache/runs.sqlite }\n".write(
      toFile: "\(package)/.covgate.yml", atomically: true, encoding: .utf8)
    defer {
      try? FileManager.default.removeItem(atPath: "\(package)/.covgate.yml")
      try? FileManager.default.removeItem(atPath: "\(package)/ci-cache")
    }
    XCTAssertEqual(
      try covgate(["check", "--input", export, "--output", "\(package)/out-p", "--quiet"]).exitCode,
      0)
    XCTAssertTrue(FileManager.default.fileExists(atPath: "\(package)/ci-cache/runs.sqlite"))
    XCTAssertFalse(FileManager.default.fileExists(atPath: database))
    XCTAssertEqual(try historyRows().count, 1)
  }

  func testADamagedDatabaseWarnsOnceAndTheReportsAndExitCodeStand() throws {
    let export = try export()
    try FileManager.default.createDirectory(
      atPath: (database as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(repeating: 0x41, count: 4_096).write(to: URL(fileURLWithPath: database))
    let output = "\(package)/out-damaged"
    try? FileManager.default.removeItem(atPath: output)

    let check = try covgate(["check", "--input", export, "--output", output, "--quiet"])

    XCTAssertEqual(check.exitCode, 0, check.stderr)
    XCTAssertTrue(FileManager.default.fileExists(atPath: "\(output)/covgate.json"))
    XCTAssertTrue(FileManager.default.fileExists(atPath: "\(output)/covgate.txt"))
    let warnings = check.stderr.split(separator: "\n").filter { $0.hasPrefix("covgate: warning:") }
    XCTAssertEqual(warnings.count, 1, check.stderr)
    XCTAssertTrue(warnings.first?.contains(database) ?? false, check.stderr)
    XCTAssertTrue(warnings.first?.contains("delete or move it") ?? false, check.stderr)

    let history = try covgate(["history"])
    XCTAssertEqual(history.exitCode, 2)
    XCTAssertEqual(history.stderr.split(separator: "\n").count, 1, history.stderr)
    XCTAssertTrue(history.stderr.contains("is damaged or not an SQLite file"), history.stderr)
  }

  func testHistoryWithoutADatabaseIsAnError() throws {
    let history = try covgate(["history"])
    XCTAssertEqual(history.exitCode, 2)
    XCTAssertTrue(history.stderr.contains("no history database at \(database)"), history.stderr)
    XCTAssertEqual(try covgate(["history", "--limit", "0"]).exitCode, 64)
  }

  /// Separate processes appending at the same moment: WAL, busy timeout, one transaction each.
  func testConcurrentChecksAllLand() throws {
    let export = try export()
    let processes = 4
    let results = Results()
    let done = DispatchGroup()
    let (package, environment) = (package, ci)
    for index in 0..<processes {
      done.enter()
      Thread {
        defer { done.leave() }
        let arguments = [
          "check", "--input", export, "--output", "\(package)/out-c\(index)", "--quiet",
        ]
        results.append(
          try? CLIHarness.run(CLIHarness.covgate, arguments, in: package, environment: environment))
      }.start()
    }
    XCTAssertEqual(done.wait(timeout: .now() + 300), .success)
    for result in results.all {
      XCTAssertEqual(result?.exitCode, 0, result?.stderr ?? "did not run")
      XCTAssertFalse(result?.stderr.contains("warning") ?? true, result?.stderr ?? "")
    }
    XCTAssertEqual(try historyRows().count, processes)
  }
}

/// Command results collected from several threads.
private final class Results: @unchecked Sendable {
  private let lock = NSLock()
  private var results: [CLIHarness.Result?] = []

  func append(_ result: CLIHarness.Result?) { lock.withLock { results.append(result) } }
  var all: [CLIHarness.Result?] { lock.withLock { results } }
}
