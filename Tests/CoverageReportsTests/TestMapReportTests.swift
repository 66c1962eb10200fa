import CoverageModel
import Foundation
import LLVMCoverage
import XCTest

@testable import CoverageReports

/// After a per-test run: the map file, covgate.json's per-file test counts and, per function on
/// the file page, the tests that ran it.
final class TestMapReportTests: XCTestCase {
  private var report: CoverageReport {
    var report = HTMLSample.report
    report.testMap = TestMap(
      commit: "abc", binaries: ["b1"],
      tests: [
        TestCaseResult(
          id: "CoreTests.GreeterTests/testGreets", library: .xctest, status: .passed, seconds: 0.01),
        TestCaseResult(
          id: "CoreTests.greets<b>()", library: .swiftTesting, status: .passed, seconds: 0.02),
        TestCaseResult(
          id: "CoreTests.GreeterTests/testNothing", library: .xctest, status: .passed, seconds: 0.01
        ),
      ],
      functions: [
        TestMap.Function(
          name: "$s4Demo7GreeterV5greetyS2SF", file: HTMLSample.path, firstLine: 3, lastLine: 6),
        TestMap.Function(
          name: "$s4Demo7GreeterV6unusedSiyF", file: HTMLSample.path, firstLine: 8, lastLine: 10),
      ],
      ran: [[0], [0], []])
    return report
  }

  func testTheMapIsWrittenAndReadBack() throws {
    let files = TestMapFile().render(report)
    XCTAssertEqual(files.map(\.path), ["covgate-test-map.json"])
    let path = NSTemporaryDirectory() + "map-\(UUID().uuidString).json"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try files[0].contents.write(toFile: path, atomically: true, encoding: .utf8)
    let map = try TestMapReader.read(path: path)
    XCTAssertEqual(map, report.testMap)
    XCTAssertEqual(
      map.tests(file: HTMLSample.path, line: 4).map(\.id),
      ["CoreTests.GreeterTests/testGreets", "CoreTests.greets<b>()"])
    XCTAssertEqual(map.tests(file: HTMLSample.path, line: 9), [])
    XCTAssertEqual(TestMapFile().render(HTMLSample.report), [])
    XCTAssertThrowsError(try TestMapReader.read(path: path + ".missing")) {
      XCTAssertTrue("\($0)".contains("no test map"))
    }
  }

  /// The lines each test ran: files named once, each test's runs by file index; a damaged list
  /// is an error, never a guess.
  func testTheLinesEachTestRanAreWrittenAndReadBack() throws {
    var report = report
    report.testMap?.linesRan = [
      [HTMLSample.path: [[3, 4]], "Sources/Other/B.swift": [[1, 1], [5, 9]]],
      [HTMLSample.path: [[4, 4]]], [:],
    ]
    let json = try XCTUnwrap(TestMapFile().render(report).first?.contents)
    var object = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let lines = try XCTUnwrap(object["linesRan"] as? [String: Any])
    XCTAssertEqual(lines["files"] as? [String], [HTMLSample.path, "Sources/Other/B.swift"])
    XCTAssertEqual(
      lines["tests"] as? [[[Int]]], [[[0, 3, 4], [1, 1, 1, 5, 9]], [[0, 4, 4]], []])
    let path = NSTemporaryDirectory() + "map-\(UUID().uuidString).json"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try json.write(toFile: path, atomically: true, encoding: .utf8)
    XCTAssertEqual(try TestMapReader.read(path: path), report.testMap)
    for damaged in [[[0, 3, 4], [7, 1, 1]], [[0, 3]], [[0, 4, 3]]] {
      object["linesRan"] = ["files": lines["files"] ?? [], "tests": [damaged, [], []]]
      try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
      XCTAssertThrowsError(try TestMapReader.read(path: path), "\(damaged)")
    }
  }

  func testTheJSONReportCountsTheTestsOfEachFile() throws {
    let json = try XCTUnwrap(JSONReport().render(report).first?.contents)
    let files = try XCTUnwrap(
      (try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["files"]
        as? [[String: Any]])
    XCTAssertEqual(files.map { $0["tests"] as? Int }, [2])
    XCTAssertFalse(
      try XCTUnwrap(JSONReport().render(HTMLSample.report).first?.contents).contains("\"tests\":2"))
  }

  func testTheFilePageListsPerFunctionTheTestsThatRanIt() throws {
    let page = try XCTUnwrap(
      HTMLReport(sources: StubSources()).render(report).first { $0.path.hasPrefix("files/") }?
        .contents)
    XCTAssertTrue(page.contains("data-key=\"tests\""), page)
    XCTAssertTrue(
      page.contains(
        "<td class=\"num tests\" data-sort=\"2\"><details><summary>2</summary><ul><li>CoreTests.GreeterTests/testGreets</li><li>CoreTests.greets&lt;b&gt;()</li></ul></details>\n"
      ), page)
    XCTAssertTrue(page.contains("<td class=num data-sort=0>0\n"), page)
  }
}

final class TestMapMergeTests: XCTestCase {
  private func test(_ id: String) -> TestCaseResult {
    TestCaseResult(id: id, library: .xctest, status: .passed, seconds: 1)
  }
  private let f = TestMap.Function(name: "f", file: "A.swift", firstLine: 1, lastLine: 3)
  private let g = TestMap.Function(name: "g", file: "A.swift", firstLine: 5, lastLine: 9)
  private let h = TestMap.Function(name: "h", file: "B.swift", firstLine: 1, lastLine: 2)

  func testShardMapsMergeIntoTheMapOfOneRun() throws {
    let one = TestMap(
      commit: "c", binaries: ["b"], tests: [test("T.b")], functions: [g, f], ran: [[0]])
    let two = TestMap(
      commit: "c", binaries: ["b"], tests: [test("T.a"), test("T.c")], functions: [f, h],
      ran: [[0, 1], []])
    let merged = try XCTUnwrap(TestMap.merged([one, two]))
    XCTAssertEqual(merged.functions, [f, g, h])
    XCTAssertEqual(merged.tests.map(\.id), ["T.a", "T.b", "T.c"])
    XCTAssertEqual(merged.ran, [[0, 2], [1], []])
    XCTAssertEqual(merged.binaries, ["b"])
    XCTAssertNil(
      TestMap.merged([
        one, TestMap(commit: "other", binaries: [], tests: [], functions: [], ran: []),
      ]))
  }
}
