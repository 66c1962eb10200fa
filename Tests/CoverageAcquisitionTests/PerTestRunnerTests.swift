import CoverageModel
import Foundation
import XCTest

@testable import CoverageAcquisition

final class PerTestRunnerTests: XCTestCase {
  private var folder = ""

  override func setUp() {
    folder = NSTemporaryDirectory() + "covgate-per-test-\(UUID().uuidString)"
  }

  override func tearDown() {
    try? FileManager.default.removeItem(atPath: folder)
  }

  private let tests = [
    TestCase(id: "T.A/testPasses", library: .xctest, binary: "/b/P.xctest"),
    TestCase(id: "T.A/testFails", library: .xctest, binary: "/b/P.xctest"),
    TestCase(id: "T.A/testCrashes", library: .xctest, binary: "/b/P.xctest"),
    TestCase(id: "T.A/testHangs", library: .xctest, binary: "/b/P.xctest"),
    TestCase(id: "T.Suite/works()", library: .swiftTesting, binary: "/b/P.xctest"),
  ]

  func testEachTestRunsAloneWithItsOwnProfileAndEndsAsItDid() throws {
    let processes = FakeTestProcesses(endings: [
      "T.A/testFails": StreamResult(exitCode: 1),
      "T.A/testCrashes": StreamResult(exitCode: 132, signal: 4),
      "T.A/testHangs": StreamResult(exitCode: 143, timedOut: true, signal: 15),
    ])
    let records = try PerTestRunner(launcher: processes, jobs: 2, timeout: 5).run(
      tests, in: "/p", folder: folder
    ).records
    XCTAssertEqual(records.map(\.result.id), tests.map(\.id))
    XCTAssertEqual(records.map(\.result.status), [.passed, .failed, .crashed, .timedOut, .passed])
    XCTAssertEqual(records[2].result.signal, 4)
    XCTAssertNil(records[3].result.signal)
    // A crashed or stopped test wrote no profile; the others one each, named by their index.
    XCTAssertEqual(records.map(\.profiles.count), [1, 1, 0, 0, 1])
    XCTAssertEqual(records[4].profiles, ["\(folder)/4.4242.profraw"])
    XCTAssertEqual(
      try String(contentsOfFile: records[1].log, encoding: .utf8), "output of T.A/testFails\n")
    XCTAssertTrue(records.allSatisfy { $0.result.seconds > 0 })
    XCTAssertEqual(
      Set(processes.launched),
      [
        ["/b/P.xctest", "T.A/testPasses"], ["/b/P.xctest", "T.A/testFails"],
        ["/b/P.xctest", "T.A/testCrashes"],
        ["/b/P.xctest", "T.A/testHangs"],
        [
          "/b/P.xctest", "--testing-library", "swift-testing", "--filter", "^T\\.Suite/works\\(\\)",
        ],
      ])
  }

  /// A run in which no test finishes for a while names the tests it waits on, with their time.
  func testAStalledRunNamesTheRunningTests() throws {
    let lines = LineLog()
    let processes = FakeTestProcesses(durations: ["T.A/testHangs": 1.5])
    _ = try PerTestRunner(
      launcher: processes, jobs: 2, timeout: nil, onStall: { lines.add($0) }, stallSeconds: 0.4
    ).run(Array(tests.prefix(4)), in: nil, folder: folder)
    let said = lines.all
    XCTAssertFalse(said.isEmpty, "a second without a test finishing is said")
    XCTAssertTrue(
      said.allSatisfy {
        $0.hasPrefix("no test finished for ") && $0.contains("; running: T.A/testHangs (")
          && !$0.contains("testPasses")
      }, "\(said)")
    XCTAssertLessThanOrEqual(said.count, 4, "said once per quiet spell, not on every check")

    let quick = LineLog()
    _ = try PerTestRunner(
      launcher: FakeTestProcesses(), jobs: 2, timeout: nil, onStall: { quick.add($0) },
      stallSeconds: 0.4
    ).run(tests, in: nil, folder: folder)
    XCTAssertEqual(quick.all, [], "a run that keeps finishing tests says nothing")
  }

  func testStallWatchSaysTheLineOncePerQuietSpell() {
    let clock = Clock()
    let watch = StallWatch(quiet: 60, now: { clock.now }, say: { _ in })
    XCTAssertNil(watch.check(), "nothing runs")
    watch.started(0, name: "T.A/testSlow")
    clock.advance(30)
    watch.started(1, name: "T.A/testHangs")
    clock.advance(29)
    XCTAssertNil(watch.check())
    clock.advance(1)
    XCTAssertEqual(
      watch.check(), "no test finished for 60 s; running: T.A/testSlow (60 s), T.A/testHangs (30 s)"
    )
    XCTAssertNil(watch.check(), "said once")
    clock.advance(60)
    XCTAssertEqual(
      watch.check(),
      "no test finished for 120 s; running: T.A/testSlow (120 s), T.A/testHangs (90 s)")
    watch.finished(0)
    clock.advance(59)
    XCTAssertNil(watch.check(), "a test finished: quiet again from there")
    clock.advance(1)
    XCTAssertEqual(watch.check(), "no test finished for 60 s; running: T.A/testHangs (150 s)")
  }

  func testRunsAtMostJobsAtOnce() throws {
    let many = (0..<12).map {
      TestCase(id: "T.A/test\($0)", library: .xctest, binary: "/b/P.xctest")
    }
    let processes = FakeTestProcesses()
    _ = try PerTestRunner(launcher: processes, jobs: 3, timeout: nil).run(
      many, in: nil, folder: folder)
    XCTAssertEqual(processes.launched.count, 12)
    XCTAssertLessThanOrEqual(processes.mostAtOnce, 3)
    XCTAssertGreaterThan(processes.mostAtOnce, 1)
  }

  func testTheLongestTestsStartFirstAndUnknownOnesCountAsTheAverage() {
    let runner = PerTestRunner(
      launcher: FakeTestProcesses(), jobs: 2, timeout: nil,
      durations: [
        "T.A/testPasses": 0.1, "T.A/testFails": 3, "T.A/testCrashes": 1, "T.A/testHangs": 0.5,
      ])
    // The average is 1.15 s: the Swift Testing test, without a duration, goes second.
    XCTAssertEqual(runner.startOrder(of: tests), [1, 4, 2, 3, 0])
    XCTAssertEqual(
      PerTestRunner(launcher: FakeTestProcesses(), jobs: 2, timeout: nil).startOrder(of: tests),
      [0, 1, 2, 3, 4])
  }

  /// No test runs without a time limit: `--timeout` when given, else ten times its earlier
  /// time with a floor of a minute, else ten minutes.
  func testEveryTestHasATimeLimit() {
    let durations = ["T.A/testPasses": 0.1, "T.A/testFails": 30.0]
    let runner = PerTestRunner(
      launcher: FakeTestProcesses(), jobs: 2, timeout: nil, durations: durations)
    XCTAssertEqual(tests.map(runner.limit(for:)), [60, 300, 600, 600, 600])
    let given = PerTestRunner(
      launcher: FakeTestProcesses(), jobs: 2, timeout: 15, durations: durations)
    XCTAssertEqual(tests.map(given.limit(for:)), [15, 15, 15, 15, 15])
  }

  func testListingsAreReadAsTheLibrariesPrintThem() {
    let xctest =
      "Listing 3 tests in debug.xctest:\n\nPricingTests.PriceTests/testTax\nPricingTests.PriceTests/testDiscount\n"
    XCTAssertEqual(
      TestListing.ids(in: xctest),
      ["PricingTests.PriceTests/testTax", "PricingTests.PriceTests/testDiscount"])
    let swiftTesting =
      "PricingTests.TaxSuite/californiaTax()\nPricingTests.TaxSuite/formatted(cents:)\nPricingTests.`adds two`()\n"
    XCTAssertEqual(TestListing.ids(in: swiftTesting).count, 3)
    XCTAssertEqual(TestCase.regexEscaped("A.B/f(x:)"), "A\\.B/f\\(x:\\)")
  }

  func testFilterAndSkipPickTestsAndBuildFlagsGoToTheBuild() throws {
    let selection = try TestSelection(
      arguments: ["-c", "release", "--filter", "T\\.A/", "-Xswiftc", "-Xllvm", "--skip", "Hangs"])
    XCTAssertEqual(selection.buildFlags, ["-c", "release", "-Xswiftc", "-Xllvm"])
    XCTAssertEqual(
      tests.filter(selection.includes).map(\.id),
      ["T.A/testPasses", "T.A/testFails", "T.A/testCrashes"])
    XCTAssertThrowsError(try TestSelection(arguments: ["--filter", "("]))
  }

  /// An XCTest-only binary that answers Swift Testing's listing with its XCTest list has no
  /// Swift Testing test: its tests are not run twice, once as phantom Swift Testing tests.
  func testAnXCTestListAnsweringSwiftTestingsListingIsNoSwiftTestingTest() throws {
    let xctestList = "InkTests.CodeTests/testInlineCode\nInkTests.CodeTests/testCodeBlock\n"
    let runner = RecordedRunner(captures: [
      "/b/P.xctest --testing-library swift-testing --list-tests": CommandResult(
        exitCode: 0, stdout: xctestList),
      "/b/P.xctest --list-tests": CommandResult(exitCode: 0, stdout: xctestList),
    ])
    let listing = TestListing(runner: runner, platform: LinuxPlatform())
    XCTAssertEqual(
      try listing.tests(in: "/b/P.xctest", library: .swiftTesting, directory: "/tmp"), [])
    XCTAssertEqual(
      try listing.tests(in: "/b/P.xctest", library: .xctest, directory: "/tmp").map(\.id),
      ["InkTests.CodeTests/testInlineCode", "InkTests.CodeTests/testCodeBlock"])
  }

  func testABinaryWithoutSwiftTestingTestsListsNoneOfThem() throws {
    let runner = RecordedRunner(captures: [
      "/b/P.xctest --testing-library swift-testing --list-tests": CommandResult(exitCode: 69),
      "/b/P.xctest --list-tests": CommandResult(exitCode: 69, stderr: "boom"),
    ])
    XCTAssertEqual(
      try TestListing(runner: runner, platform: LinuxPlatform()).tests(
        in: "/b/P.xctest", library: .swiftTesting, directory: "/tmp"), [])
    XCTAssertThrowsError(
      try TestListing(runner: runner, platform: LinuxPlatform()).tests(
        in: "/b/P.xctest", library: .xctest, directory: "/tmp"))
  }
}

/// Lines said from several threads.
final class LineLog: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []
  func add(_ line: String) { lock.withLock { lines.append(line) } }
  var all: [String] { lock.withLock { lines } }
}

/// A clock a test moves by hand.
final class Clock: @unchecked Sendable {
  private let lock = NSLock()
  private var time = Date(timeIntervalSince1970: 1_000_000)
  var now: Date { lock.withLock { time } }
  func advance(_ seconds: TimeInterval) { lock.withLock { time += seconds } }
}
