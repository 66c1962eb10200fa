import CoverageModel
import CoverageReports
import CovgateKit
import Foundation
import XCTest

@testable import CoverageGate

/// `covgate affected`'s reasons name functions as a reader writes them, not as the linker does.
final class TestMapQueriesTests: XCTestCase {
  func testReasonsNameTheChangedFunctionDemangled() throws {
    let package = try PipelinePackage()
    defer { package.remove() }
    let log = EventLog()
    let map = TestMap(
      commit: "abc123", binaries: ["b"],
      tests: [
        TestCaseResult(id: "CoreTests.ATests/testA", library: .xctest, status: .passed, seconds: 1)
      ],
      functions: [
        TestMap.Function(
          name: "$s4Core1ayyF", file: "Sources/Core/A.swift", firstLine: 1, lastLine: 5)
      ],
      ran: [[0]])
    let mapPath = package.root + "/map.json"
    try TestMapFile.json(map).write(toFile: mapPath, atomically: true, encoding: .utf8)
    var changes = FakeChanges(log: log, files: [])
    changes.affected = [AffectedTests.Change(path: "Sources/Core/A.swift", oldLines: [3])]
    let services = PipelineServices(
      acquisition: FakeAcquisition(
        log: log, package: package.package, exportPath: package.exportPath),
      changes: changes, openHistory: { _ in FakeHistory(log: log, earlier: []) },
      output: CapturingOutput(log: log), observer: RecordingObserver(log: log))
    let queries = TestMapQueries(
      root: package.root, map: mapPath, outputFolder: nil, services: services)

    let (affected, returnedMap, _) = try queries.affected(since: "main")

    XCTAssertEqual(affected.tests.map(\.test.id), ["CoreTests.ATests/testA"])
    XCTAssertEqual(
      affected.tests.first?.reasons, ["ran readable $s4Core1ayyF (Sources/Core/A.swift:3 changed)"])
    XCTAssertEqual(returnedMap.functions.map(\.name), ["$s4Core1ayyF"], "the map stays as read")
    XCTAssertTrue(log.events.contains("demangle 1"), "\(log.events)")
  }
}
