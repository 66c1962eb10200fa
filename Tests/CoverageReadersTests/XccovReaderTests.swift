import CoverageModel
import Foundation
import XCTest

@testable import CoverageReaders

/// The xccov reader on documents shaped as `xccov view --report --json` and `--archive --json`
/// write them: what it keeps, and every damaged shape it refuses with the field named.
final class XccovReaderTests: XCTestCase {
  static let report = """
    {"coveredLines": 5, "executableLines": 8, "lineCoverage": 0.625, "targets": [
      {"name": "App.app", "buildProductPath": "/x/App.app", "coveredLines": 5, "executableLines": 8,
       "lineCoverage": 0.625, "files": [
        {"name": "Cart.swift", "path": "/Users/runner/work/app/App/Cart.swift", "coveredLines": 3,
         "executableLines": 4, "lineCoverage": 0.75, "functions": [
           {"name": "Cart.add(_:)", "lineNumber": 2, "executionCount": 3, "coveredLines": 2,
            "executableLines": 2, "lineCoverage": 1},
           {"name": "", "lineNumber": 5, "executionCount": 0, "coveredLines": 0,
            "executableLines": 1, "lineCoverage": 0}]}]},
      {"name": "Kit.framework", "buildProductPath": "/x/Kit", "coveredLines": 2, "executableLines": 4,
       "lineCoverage": 0.5, "files": [
        {"name": "Cart.swift", "path": "/Users/runner/work/app/App/Cart.swift", "coveredLines": 3,
         "executableLines": 4, "lineCoverage": 0.75, "functions": [
           {"name": "Cart.add(_:)", "lineNumber": 2, "executionCount": 1, "coveredLines": 2,
            "executableLines": 2, "lineCoverage": 1}]}]}]}
    """

  static let archive = """
    {"/Users/runner/work/app/App/Cart.swift": [
      {"line": 1, "isExecutable": false},
      {"line": 2, "isExecutable": true, "executionCount": 3},
      {"line": 3, "isExecutable": true, "executionCount": 3,
       "subranges": [{"column": 10, "length": 5, "executionCount": 0}, {"column": 1, "length": 9, "executionCount": 3}]},
      {"line": 4, "isExecutable": true, "executionCount": 1},
      {"line": 5, "isExecutable": true, "executionCount": 0}]}
    """

  private func parseReport(_ text: String) throws -> XccovReport {
    try Array(text.utf8).withUnsafeBufferPointer {
      try XccovReader.parseReport(bytes: $0, source: "r.json")
    }
  }

  private func parseArchive(_ text: String) throws -> [String: XccovFileLines] {
    try Array(text.utf8).withUnsafeBufferPointer {
      try XccovReader.parseArchive(bytes: $0, source: "a.json")
    }
  }

  private func assertFails(
    report text: String, with expected: XccovError, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    XCTAssertThrowsError(try parseReport(text), file: file, line: line) {
      XCTAssertEqual($0 as? XccovError, expected, file: file, line: line)
    }
  }

  func testAReportKeepsEachFilesOwnLineFiguresAndItsFunctions() throws {
    let report = try parseReport(Self.report)
    XCTAssertEqual(report.targets.map(\.name), ["App.app", "Kit.framework"])
    let cart = report.targets[0].files[0]
    XCTAssertEqual(cart.path, "/Users/runner/work/app/App/Cart.swift")
    XCTAssertEqual([cart.coveredLines, cart.executableLines], [3, 4])
    XCTAssertEqual(cart.functions.map(\.name), ["Cart.add(_:)", ""])
    XCTAssertEqual(cart.functions.map(\.executionCount), [3, 0])
  }

  /// xccov lists what it failed to measure under `errors`: kept, with the runs named when
  /// several merge, never dropped.
  func testTheReportsErrorsAreKeptAndReachTheData() throws {
    let failed =
      "Failed to generate coverage for target 'Widgets.appex' at paths (\\\"/x/Widgets\\\"): Malformed coverage data"
    let report = try parseReport(
      #"{"errors": [{"localizedDescription": "\#(failed)", "domain": "x", "code": 3}], "targets": []}"#
    )
    XCTAssertEqual(report.errors, [failed.replacingOccurrences(of: "\\\"", with: "\"")])
    let one = XccovCoverage.data([XccovCoverage.Run(report: report, archive: nil, name: "Unit")])
    XCTAssertEqual(one.producerErrors, report.errors)
    let two = XccovCoverage.data([
      XccovCoverage.Run(report: report, archive: [:], name: "Unit"),
      XccovCoverage.Run(report: XccovReport(targets: []), archive: [:], name: "UI"),
    ])
    XCTAssertEqual(two.producerErrors, report.errors.map { "Unit: \($0)" })
    XCTAssertThrowsError(try parseReport(#"{"errors": [{"code": 3}], "targets": []}"#)) {
      XCTAssertTrue("\($0)".contains("errors[0].localizedDescription"), "\($0)")
    }
  }

  func testAnArchiveGivesEachLinesCountAndThePartsThatNeverRan() throws {
    let lines = try XCTUnwrap(
      try parseArchive(Self.archive)["/Users/runner/work/app/App/Cart.swift"])
    XCTAssertEqual(lines.counts, [nil, 3, 3, 1, 0])
    XCTAssertEqual(lines.missedParts, [SourceRangeOnLine(line: 3, column: 10, length: 5)])
  }

  func testOneRunGivesTheReportsFiguresAFileInTwoTargetsOnceAndNoRegions() throws {
    let data = XccovCoverage.data([
      .init(report: try parseReport(Self.report), archive: try parseArchive(Self.archive))
    ])
    XCTAssertEqual(data.capabilities, .xccov)
    let file = try XCTUnwrap(data.files.first)
    XCTAssertEqual(data.files.count, 1, "listed under two targets, kept once")
    XCTAssertEqual(file.summary.lines, Metric(covered: 3, count: 4), "the report's own figures")
    XCTAssertEqual(
      file.summary.functions, Metric(covered: 1, count: 2), "add (3 + 1 runs) and the unnamed one")
    XCTAssertEqual(file.functions.map(\.count), [4, 0])
    XCTAssertEqual(file.summary.regions, .zero, "xccov has no regions: n/a, not 0%")
    XCTAssertEqual(file.summary.regions.formattedPercent, "n/a")
    XCTAssertEqual(file.summary.instantiations, .zero)
    XCTAssertEqual(file.partialLines, [3])
  }

  /// The report's targets reach the data with their files; a target two runs report lists the
  /// files of both, once each.
  func testTheReportsTargetsReachTheDataWithTheirFiles() throws {
    let unit = try parseReport(Self.report)
    var ui = unit
    ui.targets[1].files[0].path = "/Users/runner/work/app/App/Kit.swift"
    ui.targets.append(XccovReport.Target(name: "AppUITests.xctest", files: []))
    let targets = XccovCoverage.data([
      .init(report: unit, archive: nil), .init(report: ui, archive: nil),
    ]).producerTargets
    XCTAssertEqual(targets.map(\.name), ["App.app", "Kit.framework", "AppUITests.xctest"])
    XCTAssertEqual(targets[0].files, ["/Users/runner/work/app/App/Cart.swift"])
    XCTAssertEqual(
      targets[1].files,
      ["/Users/runner/work/app/App/Cart.swift", "/Users/runner/work/app/App/Kit.swift"])
  }

  func testTwoRunsMergeLineByLine() throws {
    let path = "/Users/runner/work/app/App/Cart.swift"
    let unit = XccovCoverage.Run(
      report: try parseReport(Self.report), archive: try parseArchive(Self.archive))
    // The UI run: line 5 ran, line 3 ran whole (no part missed), line 6 only it compiled.
    let uiArchive = """
      {"\(path)": [{"line": 1, "isExecutable": false}, {"line": 2, "isExecutable": false},
        {"line": 3, "isExecutable": true, "executionCount": 2}, {"line": 4, "isExecutable": true, "executionCount": 0},
        {"line": 5, "isExecutable": true, "executionCount": 7}, {"line": 6, "isExecutable": true, "executionCount": 0}]}
      """
    let ui = XccovCoverage.Run(
      report: try parseReport(Self.report), archive: try parseArchive(uiArchive))
    let file = try XCTUnwrap(XccovCoverage.data([unit, ui]).files.first)
    XCTAssertEqual(file.lineView?.rawCounts, LineView(counts: [nil, 3, 5, 1, 7, 0]).rawCounts)
    XCTAssertEqual(file.summary.lines, Metric(covered: 4, count: 5))
    XCTAssertEqual(file.missedRegions, [], "the UI run ran all of line 3")
    XCTAssertEqual(file.functions.map(\.count), [8, 0], "add: 4 in each run")
  }

  func testMergedRunsSayWhichRanEachLine() throws {
    let unit = XccovCoverage.Run(
      report: try parseReport(Self.report), archive: try parseArchive(Self.archive), name: "Unit")
    let uiArchive = Self.archive.replacingOccurrences(
      of: #""line": 4, "isExecutable": true, "executionCount": 1"#,
      with: #""line": 4, "isExecutable": true, "executionCount": 0"#)
    let ui = XccovCoverage.Run(
      report: try parseReport(Self.report), archive: try parseArchive(uiArchive), name: "UI")
    let data = XccovCoverage.data([unit, ui])
    XCTAssertEqual(data.runNames, ["Unit", "UI"])
    // Line 2 and 3 ran in both (bits 0 and 1), line 4 in the unit run alone, 5 in neither.
    XCTAssertEqual(data.files.first?.runsByLine, [0, 3, 3, 1, 0])
    XCTAssertEqual(XccovCoverage.runName(ofFile: "/ci/Unit-report.json"), "Unit")
    XCTAssertEqual(XccovCoverage.runName(ofFile: "ui.xccov-report.json"), "ui")
    XCTAssertEqual(XccovCoverage.runName(ofFile: "build/UI.xcresult"), "UI")
    XCTAssertNil(XccovCoverage.runName(ofFile: "/ci/.json"))
  }

  func testAPartMissedByEveryRunThatRanItsLineStaysMissed() throws {
    let run = XccovCoverage.Run(
      report: try parseReport(Self.report), archive: try parseArchive(Self.archive))
    let file = try XCTUnwrap(XccovCoverage.data([run, run]).files.first)
    XCTAssertEqual(file.partialLines, [3])
  }

  func testDamagedReportsAreRefusedNamingTheField() {
    assertFails(
      report:
        #"{"targets": [{"name": "App.app", "files": [{"path": "/a.swift", "coveredLines": 1, "functions": []}]}]}"#,
      with: .badField(
        path: "r.json", field: "targets[0].files[0].executableLines", reason: "is missing"))
    assertFails(
      report: #"{"targets": [{"name": 7, "files": []}]}"#,
      with: .badField(path: "r.json", field: "targets[0].name", reason: "is not text"))
    assertFails(
      report: #"{"targets": {"name": "App.app"}}"#,
      with: .malformed(path: "r.json", offset: 12, reason: "expected an array"))
    assertFails(
      report:
        #"{"targets": [{"name": "A", "files": [{"path": "App/a.swift", "coveredLines": 0, "executableLines": 0, "functions": []}]}]}"#,
      with: .badField(
        path: "r.json", field: "targets[0].files[0].path",
        reason: "is \"App/a.swift\", not an absolute path"))
    assertFails(
      report:
        #"{"targets": [{"name": "A", "files": [{"path": "/a.swift", "coveredLines": 5, "executableLines": 4, "functions": []}]}]}"#,
      with: .badField(
        path: "r.json", field: "targets[0].files[0].coveredLines",
        reason: "is 5, more than its executableLines 4"))
    assertFails(
      report: #"{"coveredLines": 1, "lineCoverage": 0.5}"#,
      with: .notXccov(path: "r.json", what: "xccov report", reason: "it has no \"targets\" key"))
    assertFails(
      report: #"[{"targets": []}]"#,
      with: .notXccov(
        path: "r.json", what: "xccov report", reason: "the top level is not a JSON object"))
  }

  func testHostileNumbersAndTruncationAreRefused() {
    XCTAssertThrowsError(
      try parseReport(
        #"{"targets": [{"name": "A", "files": [{"path": "/a.swift", "coveredLines": -1, "executableLines": 4, "functions": []}]}]}"#
      )
    ) { XCTAssertTrue("\($0)".contains("coveredLines is a negative number"), "\($0)") }
    XCTAssertThrowsError(
      try parseReport(
        #"{"targets": [{"name": "A", "files": [{"path": "/a.swift", "coveredLines": 1, "executableLines": 4, "functions": [{"name": "f", "lineNumber": 1, "executionCount": 99999999999999999999999}]}]}]}"#
      )
    ) {
      XCTAssertTrue(
        "\($0)".contains("executionCount is 99999999999999999999999, out of range"), "\($0)")
    }
    let whole = Self.report
    for cut in [whole.count / 3, whole.count / 2, whole.count - 2] {
      XCTAssertThrowsError(try parseReport(String(whole.prefix(cut)))) {
        guard case .truncated = $0 as? XccovError else { return XCTFail("\($0) at \(cut)") }
      }
    }
  }

  /// Lines in any key order, spacing, with null counts or keys xccov may add: the same counts
  /// whichever path reads them.
  func testEveryFormOfALineGivesTheSameCounts() throws {
    let text = """
      {"/a.swift": [{"isExecutable":true,"executionCount":2,"line":1},
        {"line":2,"isExecutable":false,"executionCount":null},
        { "line" : 3 , "isExecutable" : true , "executionCount" : 0 , "future": [1] },
        {"line":4,"isExecutable":true,"executionCount":5,"subranges":[]}]}
      """
    XCTAssertEqual(try parseArchive(text)["/a.swift"]?.counts, [2, nil, 0, 5])
    XCTAssertThrowsError(
      try parseArchive(
        #"{"/a.swift": [{"line":1,"isExecutable":true,"executionCount":99999999999999999999}]}"#)
    ) {
      XCTAssertTrue(
        "\($0)".contains("executionCount is 99999999999999999999, out of range"), "\($0)")
    }
    XCTAssertThrowsError(
      try parseArchive(#"{"/a.swift": [{"line":1,"isExecutable":true,"executionCount":-1}]}"#)
    ) {
      XCTAssertTrue("\($0)".contains("executionCount is a negative number"), "\($0)")
    }
    XCTAssertThrowsError(
      try parseArchive(
        #"{"/a.swift": [{"line":1,"isExecutable":false} {"line":2,"isExecutable":false}]}"#)
    ) {
      XCTAssertTrue("\($0)".contains("expected ',' or ']' in an array"), "\($0)")
    }
    XCTAssertThrowsError(try parseArchive(#"{"/a.swift": [{"line":1,"isExecutable":false},]}"#)) {
      XCTAssertTrue("\($0)".contains("is not an object"), "\($0)")
    }
    XCTAssertThrowsError(
      try parseArchive(#"{"/a.swift": [{"line":1,"isExecutable":false,"line":2}]}"#)
    ) {
      XCTAssertTrue("\($0)".contains("duplicate") || "\($0)".contains("line"), "\($0)")
    }
    XCTAssertThrowsError(
      try parseArchive(
        #"{"/a.swift": [{"line":1,"isExecutable":false},{"line":3,"isExecutable":false}]}"#)
    ) {
      XCTAssertTrue("\($0)".contains("[1].line is 3 where line 2 comes next"), "\($0)")
    }
  }

  /// A large archive is read in two halves: every file whole, whether the place it is split at
  /// is a real file boundary or, inside the big middle file, a line with keys xccov may add that
  /// looks like one (`"future":[1],"/odd":2`).
  func testALargeArchiveReadInHalvesGivesEveryFileWhole() throws {
    var text = "{"
    var expected: [String: [UInt64?]] = [:]
    for index in 0..<1001 {
      let middle = index == 500
      let lines = (1...(middle ? 20000 : 12)).map { line -> UInt64? in
        line % 3 == 0 ? nil : UInt64((index + line) % 5)
      }
      let path = "/App/File\(index).swift"
      expected[path] = lines
      text += (index == 0 ? "" : ",") + "\"\(path)\": ["
      let extra = middle ? #","future":[1],"/odd":2"# : ""
      text += lines.enumerated().map { offset, count in
        count.map {
          #"{"line":\#(offset + 1),"isExecutable":true,"executionCount":\#($0)\#(extra)}"#
        }
          ?? #"{"line":\#(offset + 1),"isExecutable":false\#(extra)}"#
      }.joined(separator: ",")
      text += "]"
    }
    text += "}"
    XCTAssertGreaterThan(text.utf8.count, 1 << 20, "large enough to be split")
    let parsed = try parseArchive(text)
    XCTAssertEqual(parsed.count, 1001)
    XCTAssertEqual(parsed.mapValues(\.counts), expected)
    // Without the middle file the split falls on a real boundary.
    let plain = text.replacingOccurrences(of: #","future":[1],"/odd":2"#, with: "")
    XCTAssertEqual(try parseArchive(plain).mapValues(\.counts), expected)
    XCTAssertThrowsError(try parseArchive(String(plain.dropLast(plain.utf8.count / 4)))) {
      guard case .truncated = $0 as? XccovError else { return XCTFail("\($0)") }
    }
    let damaged = plain.replacingOccurrences(
      of: #"File900.swift": [{"line":1,"isExecutable":true,"executionCount":1}"#,
      with: #"File900.swift": [{"line":1,"isExecutable":true}"#)
    XCTAssertNotEqual(damaged, plain)
    XCTAssertThrowsError(try parseArchive(damaged)) {
      XCTAssertTrue("\($0)".contains("executionCount is missing on an executable line"), "\($0)")
    }
  }

  func testDamagedArchivesAreRefusedNamingTheField() {
    let path = "/a.swift"
    let cases: [(String, String)] = [
      (
        #"{"/a.swift": [{"line": 2, "isExecutable": false}]}"#,
        "\"\(path)\"[0].line is 2 where line 1 comes next"
      ),
      (
        #"{"/a.swift": [{"line": 1, "isExecutable": true}]}"#,
        "\"\(path)\"[0].executionCount is missing on an executable line"
      ),
      (
        #"{"/a.swift": [{"line": 1, "isExecutable": "yes"}]}"#,
        "\"\(path)\"[0].isExecutable is not true or false"
      ),
      (#"{"/a.swift": {"line": 1}}"#, "\"\(path)\" is not a list of lines"),
      (#"{"a.swift": []}"#, "the key \"a.swift\" is \"a.swift\", not an absolute path"),
      (
        #"{"/a.swift": [{"line": 0, "isExecutable": false}]}"#,
        "line is 0; lines are numbered from 1"
      ),
    ]
    for (text, expected) in cases {
      XCTAssertThrowsError(try parseArchive(text), text) {
        XCTAssertTrue("\($0)".contains(expected), "\($0) should say \(expected)")
      }
    }
  }

  func testArchivesAloneGiveLinesAndPartsMergedAndNoFunctions() throws {
    let folder = NSTemporaryDirectory() + "xccov-archives-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let unit = "\(folder)/unit.xccov-archive.json"
    let ui = "\(folder)/ui-archive.json"
    try
      #"{"/p/a.swift": [{"line": 1, "isExecutable": true, "executionCount": 2}, {"line": 2, "isExecutable": true, "executionCount": 0}]}"#
      .write(toFile: unit, atomically: true, encoding: .utf8)
    try
      #"{"/p/a.swift": [{"line": 1, "isExecutable": true, "executionCount": 0}, {"line": 2, "isExecutable": true, "executionCount": 3}], "/p/b.swift": [{"line": 1, "isExecutable": false}]}"#
      .write(toFile: ui, atomically: true, encoding: .utf8)

    let one = try XccovCoverage.read(reports: [], archives: [unit])
    XCTAssertEqual(one.files.map(\.path), ["/p/a.swift"])
    XCTAssertEqual(one.files[0].summary.lines, Metric(covered: 1, count: 2))
    XCTAssertEqual(one.files[0].functions, [])
    XCTAssertFalse(one.capabilities.functions)

    let both = try XccovCoverage.read(reports: [], archives: [unit, ui])
    XCTAssertEqual(both.runNames, ["unit", "ui"])
    XCTAssertEqual(both.files.map(\.path), ["/p/a.swift", "/p/b.swift"])
    XCTAssertEqual(both.files[0].lineView?.rawCounts, [2, 3])
    XCTAssertEqual(both.files[0].summary.lines, Metric(covered: 2, count: 2))
    XCTAssertEqual(both.files[1].summary.lines, Metric(covered: 0, count: 0))
  }

  func testPairsMustMatchAndSeveralReportsNeedTheirArchives() {
    XCTAssertThrowsError(try XccovCoverage.read(reports: ["a", "b"], archives: [])) {
      XCTAssertEqual($0 as? XccovError, .mergeNeedsArchives)
    }
    XCTAssertThrowsError(try XccovCoverage.read(reports: ["a", "b"], archives: ["c"])) {
      XCTAssertEqual($0 as? XccovError, .unpaired(reports: 2, archives: 1))
    }
    XCTAssertThrowsError(try XccovCoverage.read(reports: ["/no/such/report.json"], archives: [])) {
      XCTAssertEqual(
        $0 as? XccovError, .unreadable(path: "/no/such/report.json", reason: "no such file"))
    }
  }
}
