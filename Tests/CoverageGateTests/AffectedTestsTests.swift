import CoverageModel
import XCTest

@testable import CoverageGate

final class AffectedTestsTests: XCTestCase {
  private func test(_ id: String, _ status: TestCaseResult.Status = .passed) -> TestCaseResult {
    TestCaseResult(id: id, library: .xctest, status: status, seconds: 0.1)
  }

  /// Tax.amount (lines 4-11) with a closure on line 6, Price.init (3-5), Price.formatted (7-9)
  /// and Rate.rate on line 2 alone, as a map has them.
  private var map: TestMap {
    TestMap(
      commit: "c1", binaries: [],
      tests: [
        test("T.PriceTests/testTax"), test("T.PriceTests/testFormatted"),
        test("T.Other/testNothing"), test("T.X/testCrash", .crashed),
      ],
      functions: [
        TestMap.Function(name: "init", file: "Sources/P/Price.swift", firstLine: 3, lastLine: 5),
        TestMap.Function(
          name: "formatted", file: "Sources/P/Price.swift", firstLine: 7, lastLine: 9),
        TestMap.Function(name: "amount", file: "Sources/P/Tax.swift", firstLine: 4, lastLine: 11),
        TestMap.Function(name: "closure", file: "Sources/P/Tax.swift", firstLine: 6, lastLine: 6),
        TestMap.Function(name: "rate", file: "Sources/P/Rate.swift", firstLine: 2, lastLine: 2),
      ],
      ran: [[0, 2], [0, 1, 4], [], []])
  }

  private func select(_ changes: [AffectedTests.Change], stale: [String] = []) -> AffectedTests {
    AffectedTests.select(map: map, changes: changes, stale: stale) {
      $0.hasPrefix("Tests/T/") ? "T" : nil
    }
  }

  func testABodyChangeSelectsTheTestsThatRanItsFunctionAndTheCrashedOnes() {
    let affected = select([AffectedTests.Change(path: "Sources/P/Tax.swift", oldLines: [8])])
    XCTAssertEqual(affected.tests.map(\.test.id), ["T.PriceTests/testTax", "T.X/testCrash"])
    XCTAssertEqual(affected.everything, [])
    XCTAssertEqual(affected.tests[0].reasons, ["ran amount (Sources/P/Tax.swift:8 changed)"])
    XCTAssertTrue(affected.tests[1].reasons[0].contains("crashed in the map's run"))
  }

  func testAnInsertionInsideABodyCountsAndOneBetweenFunctionsIsEverything() {
    XCTAssertEqual(
      select([AffectedTests.Change(path: "Sources/P/Price.swift", insertedAfter: [8])]).tests.map(
        \.test.id),
      ["T.PriceTests/testFormatted", "T.X/testCrash"])
    let between = select([AffectedTests.Change(path: "Sources/P/Price.swift", insertedAfter: [5])])
    XCTAssertEqual(between.tests.count, 4)
    XCTAssertTrue(
      between.everything[0].contains("outside any function body"), "\(between.everything)")
  }

  func testChangesTheMapCannotAttributeSelectEveryTestWithTheReason() {
    let cases: [(AffectedTests.Change, String)] = [
      (
        AffectedTests.Change(path: "Sources/P/Tax.swift", oldLines: [4]),
        "outside any function body"
      ),
      (
        AffectedTests.Change(path: "Sources/P/Tax.swift", oldLines: [1]),
        "outside any function body"
      ),
      (
        AffectedTests.Change(path: "Package.swift", oldLines: [3]),
        "the package manifest Package.swift changed"
      ),
      (AffectedTests.Change(path: "Sources/P/data.json", oldLines: [1]), "not Swift source"),
      (AffectedTests.Change(path: "Sources/P/New.swift", isNew: true), "not in the test map"),
      (AffectedTests.Change(path: "Sources/P/Price.swift", isDeleted: true), "was deleted"),
    ]
    for (change, reason) in cases {
      let affected = select([change])
      XCTAssertEqual(affected.tests.count, 4, change.path)
      XCTAssertTrue(
        affected.everything.first?.contains(reason) ?? false,
        "\(change.path): \(affected.everything)")
    }
    let stale = select(
      [AffectedTests.Change(path: "Sources/P/Tax.swift", oldLines: [8])],
      stale: ["Tax.swift differs"])
    XCTAssertEqual(stale.tests.count, 4)
    XCTAssertEqual(stale.everything, ["Tax.swift differs"])
  }

  func testATestFileChangeSelectsItsModuleAndBuildOutputIsIgnored() {
    let affected = select([
      AffectedTests.Change(path: "Tests/T/PriceTests.swift", oldLines: [2]),
      AffectedTests.Change(path: ".build/debug/x.o", oldLines: [1]),
    ])
    XCTAssertEqual(affected.modules, ["T"])
    XCTAssertEqual(affected.everything, [])
    XCTAssertEqual(affected.tests.count, 4)
  }

  /// covgate init's own edits, git and CI settings and top-level documents select nothing; a
  /// document inside a target's folder (a resource, maybe) still selects every test.
  func testFilesNoTestReadsSelectNothingAndSayWhy() {
    let affected = select([
      AffectedTests.Change(path: ".gitignore", oldLines: [1]),
      AffectedTests.Change(path: ".covgate.yml", isNew: true),
      AffectedTests.Change(path: ".github/workflows/ci.yml", oldLines: [3]),
      AffectedTests.Change(path: "README.md", oldLines: [10]),
    ])
    XCTAssertEqual(affected.everything, [])
    XCTAssertEqual(
      affected.tests.map(\.test.id), ["T.X/testCrash"], "only the test of unknown coverage")
    XCTAssertEqual(
      affected.ignored,
      [
        ".gitignore (a tool's settings)", ".covgate.yml (covgate's own file)",
        ".github/workflows/ci.yml (CI settings)",
        "README.md (a document at the package's top level)",
      ])
    let resource = select([AffectedTests.Change(path: "Sources/P/README.md", oldLines: [1])])
    XCTAssertEqual(resource.tests.count, 4)
    XCTAssertTrue(resource.everything[0].contains("not Swift source"), "\(resource.everything)")
  }

  func testNoChangeSelectsOnlyTestsWhoseCoverageIsUnknown() {
    XCTAssertEqual(select([]).tests.map(\.test.id), ["T.X/testCrash"])
  }

  func testTheDiffGivesOldSideLinesAndInsertions() throws {
    let diff = """
      diff --git a/Sources/P/Tax.swift b/Sources/P/Tax.swift
      index 1..2 100644
      --- a/Sources/P/Tax.swift
      +++ b/Sources/P/Tax.swift
      @@ -6 +6 @@ enum Tax {
      -    case "CA": return 7
      +    case "CA": return 8
      @@ -9,0 +10,2 @@ enum Tax {
      +    // new
      +    // lines
      @@ -20,3 +21,0 @@ enum Tax {
      diff --git a/Sources/P/New.swift b/Sources/P/New.swift
      new file mode 100644
      --- /dev/null
      +++ b/Sources/P/New.swift
      @@ -0,0 +1 @@
      +let x = 1
      """
    let files = try UnifiedDiff.parse(diff)
    XCTAssertEqual(files.map(\.path), ["Sources/P/Tax.swift", "Sources/P/New.swift"])
    XCTAssertEqual(files[0].removedLines, [6, 20, 21, 22])
    XCTAssertEqual(files[0].insertedAfter, [9])
    XCTAssertEqual(files[0].addedLines, [6, 10, 11])
    XCTAssertTrue(files[1].isNew)
    XCTAssertFalse(files[0].isNew)
  }

  /// A function written on one line (`rate`, Rate.swift:2): a change after its last `{` is in
  /// its body and selects the tests that ran it; one before it may change its signature, which
  /// callers depend on, and selects every test. A closure on one line inside another function
  /// selects the tests that ran the closure.
  func testAOneLineFunctionsBodyChangeSelectsItsTests() {
    func change(_ path: String, _ line: Int, _ old: String, _ new: String) -> AffectedTests.Change {
      AffectedTests.Change(
        path: path, oldLines: [line],
        replaced: [line: AffectedTests.Replacement(old: old, new: new)])
    }
    let body = select([
      change("Sources/P/Rate.swift", 2, "  var rate: Int { 7 }", "  var rate: Int { 8 }")
    ])
    XCTAssertEqual(body.everything, [])
    XCTAssertEqual(body.tests.map(\.test.id), ["T.PriceTests/testFormatted", "T.X/testCrash"])
    XCTAssertEqual(
      body.tests[0].reasons, ["ran rate (its one-line body changed at Sources/P/Rate.swift:2)"])
    let signature = select([
      change("Sources/P/Rate.swift", 2, "  var rate: Int { 7 }", "  var rate: Double { 7 }")
    ])
    XCTAssertEqual(signature.tests.count, 4)
    XCTAssertTrue(
      signature.everything[0].contains("outside any function body"), "\(signature.everything)")
    // Without the texts (a line the diff did not pair) it stays safe.
    XCTAssertEqual(
      select([AffectedTests.Change(path: "Sources/P/Rate.swift", oldLines: [2])]).tests.count, 4)
    // The closure on Tax.swift:6 ran in no test of this map: only the crashed one is selected.
    let closure = select([
      change("Sources/P/Tax.swift", 6, "    let f = { 7 }", "    let f = { 8 }")
    ])
    XCTAssertEqual(closure.tests.map(\.test.id), ["T.X/testCrash"])
  }

  func testTheDiffPairsReplacedLinesAndReadsContentThatLooksLikeAHeader() throws {
    let diff = """
      diff --git a/Sources/P/Tax.swift b/Sources/P/Tax.swift
      --- a/Sources/P/Tax.swift
      +++ b/Sources/P/Tax.swift
      @@ -6,2 +6,2 @@ enum Tax {
      --- a removed line that looks like a header
      -    case "CA": return 7
      +++ an added line that looks like a header
      +    case "CA": return 8
      @@ -9 +9,2 @@
      -a
      +b
      +c
      """
    let files = try UnifiedDiff.parse(diff)
    XCTAssertEqual(files.map(\.path), ["Sources/P/Tax.swift"])
    XCTAssertEqual(
      files[0].replaced,
      [
        6: AffectedTests.Replacement(
          old: "-- a removed line that looks like a header",
          new: "++ an added line that looks like a header"),
        7: AffectedTests.Replacement(
          old: "    case \"CA\": return 7", new: "    case \"CA\": return 8"),
      ], "a hunk adding more lines than it removes pairs none")
    XCTAssertEqual(files[0].addedLines, [6, 7, 9, 10])
  }
}
