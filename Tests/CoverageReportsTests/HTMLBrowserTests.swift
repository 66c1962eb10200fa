import CoverageModel
import Foundation
import XCTest

@testable import CoverageReports

/// Opens the HTML report in a real browser (headless Chromium): the script runs under the
/// pages' Content-Security-Policy without errors, sorting and filtering work, and a report built
/// from hostile names runs nothing of theirs. Skips when Chromium is not installed
/// (`ci/install-deps.sh` installs it).
final class HTMLBrowserTests: XCTestCase {
  /// Where the screenshots go, kept after the run so people can look at them.
  static let screenshotFolder = FileManager.default.temporaryDirectory
    .appendingPathComponent("covgate-html-screenshots")

  private struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  private func chromium() throws -> String { try ExternalTool.chromium() }

  /// Runs headless Chromium on `url` with `options`, logging the console to stderr; gives up
  /// after 90 seconds.
  private func browse(_ url: String, _ options: [String]) throws -> Run {
    let binary = try chromium()
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "covgate-chromium-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let out = scratch.appendingPathComponent("stdout")
    let err = scratch.appendingPathComponent("stderr")
    FileManager.default.createFile(atPath: out.path, contents: nil)
    FileManager.default.createFile(atPath: err.path, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments =
      [
        "--headless", "--disable-gpu", "--no-sandbox", "--disable-dev-shm-usage", "--no-first-run",
        "--disable-extensions", "--hide-scrollbars", "--enable-logging=stderr", "--v=0",
        "--user-data-dir=\(scratch.appendingPathComponent("profile").path)",
      ] + options + [url]
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    try process.run()
    let deadline = Date().addingTimeInterval(90)
    while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
    if process.isRunning {
      process.terminate()
      XCTFail("chromium did not finish within 90 s: \(url)")
    }
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus,
      stdout: String(decoding: (try? Data(contentsOf: out)) ?? Data(), as: UTF8.self),
      stderr: String(decoding: (try? Data(contentsOf: err)) ?? Data(), as: UTF8.self))
  }

  /// The DOM after the page's script ran; fails on script errors and CSP violations.
  private func dumpDOM(_ url: String, file: StaticString = #filePath, line: UInt = #line) throws
    -> String
  {
    let run = try browse(url, ["--dump-dom"])
    XCTAssertEqual(run.status, 0, run.stderr, file: file, line: line)
    assertCleanConsole(run.stderr, file: file, line: line)
    return run.stdout
  }

  /// Opens `url` and runs `steps` over the DevTools protocol (`ci/browser.py`): evaluations,
  /// key presses, fragment changes. Returns the evaluations' values; fails on script errors.
  private func drive(
    _ url: String, _ steps: [[String: String]], file: StaticString = #filePath, line: UInt = #line
  ) throws -> [Any] {
    try ExternalTool.drive(url, steps, file: file, line: line)
  }

  private func assertCleanConsole(
    _ stderr: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    // Chromium logs every console message as `...:CONSOLE:<line>] "<message>", source: ...`:
    // script errors start with "Uncaught", CSP violations say "violates the following Content
    // Security Policy directive" (older versions: "Refused to ..."). The pages log nothing else.
    let problems = stderr.components(separatedBy: "\n").filter {
      $0.contains(":CONSOLE") || $0.contains("Uncaught") || $0.contains("Refused to")
        || $0.contains("Content Security Policy")
    }
    XCTAssertEqual(
      problems, [], "console messages, script errors or CSP violations", file: file, line: line)
  }

  func testIndexAndFilePageRunTheirScriptCleanly() throws {
    let folder = try writeSample()
    let index = try dumpDOM(folder.appendingPathComponent("index.html").absoluteString)
    XCTAssertTrue(
      index.contains("<body class=\"index\" data-ready=\"1\">"), "the script set itself up")
    XCTAssertTrue(index.contains("<h1 id=\"gate-title\">Gate failed</h1>"))
    XCTAssertEqual(Pattern.count(#"<td class="path" data-sort="#, in: index), 5, "one row per file")
    XCTAssertTrue(index.contains("<span id=\"filter-count\" class=\"muted\">5 files</span>"))
    let file = try dumpDOM(try page(folder, containing: "Greeter").absoluteString)
    XCTAssertTrue(file.contains("<body class=\"file\" data-ready=\"1\">"))
    XCTAssertTrue(
      file.contains(
        "<span id=\"jump-status\" class=\"muted\" aria-live=\"polite\">2 places with uncovered code</span>"
      ),
      "the partial line 4 and the block 8-10")
    XCTAssertTrue(
      file.contains(
        "<span class=\"missed\">{ <span class=\"k\">return</span> <span class=\"s\">\"Hallo, Wörld ✓\"</span> }</span>"
      ))
  }

  /// Uncovered blocks separated only by lines outside every region (blank lines, comments,
  /// braces) are separate places: the jump keys visit each, in order, and wrap around.
  func testJumpKeysVisitEveryUncoveredBlockInOrder() throws {
    let url = try page(try writeBlocks(), containing: "Blocks").absoluteString
    let nextX = "document.querySelector('[data-jump=next]').getBoundingClientRect().left"

    let results = try drive(
      url,
      [
        ["eval": "document.getElementById('jump-status').textContent"], ["eval": nextX],
        ["key": "n"], ["eval": "location.hash"], ["eval": nextX],
        ["key": "n"], ["eval": "location.hash"], ["key": "n"], ["eval": "location.hash"],
        ["key": "n"], ["eval": "location.hash"], ["key": "p"], ["eval": "location.hash"],
        ["eval": "document.getElementById('jump-status').textContent"],
      ])

    XCTAssertEqual(results.first as? String, "3 places with uncovered code")
    XCTAssertEqual(
      results.compactMap { $0 as? String }.filter { $0.hasPrefix("#") },
      ["#L2", "#L6", "#L10", "#L2", "#L10"])
    XCTAssertEqual(results[1] as? Double, results[3] as? Double, "the Next button stays put")
    XCTAssertEqual(results.last as? String, "3 of 3 places with uncovered code")
  }

  /// A line's number is plain text that links to its line once the script runs: a click puts
  /// the line in the address and marks it; other cells leave the address alone.
  func testALinesNumberLinksToIt() throws {
    let url = try page(try writeBlocks(), containing: "Blocks").absoluteString
    let number = "document.querySelector('#L6').cells[0]"

    let results = try drive(
      url,
      [
        ["eval": "\(number).textContent + '|' + \(number).children.length"],
        ["eval": "document.querySelector('#L4').cells[2].click(); location.hash"],
        ["eval": "\(number).click(); location.hash"],
        ["eval": "document.querySelector('tr:target').id"],
        ["eval": "getComputedStyle(\(number)).cursor"],
      ])

    XCTAssertEqual(results as? [String], ["6|0", "", "#L6", "L6", "pointer"])
  }

  /// Filtering hides rows; the columns keep their widths, and the bars line up beside 100.00%.
  func testColumnsAndBarsStayInPlace() throws {
    let url = try writeBlocks().appendingPathComponent("index.html").absoluteString
    let widths = "Array.from(document.querySelectorAll('#files th')).map(c => c.offsetWidth)"
    let barLefts =
      "Array.from(document.querySelectorAll('#files tbody tr')).map(r => Math.round(r.cells[3].querySelector('svg.bar').getBoundingClientRect().left))"

    let results = try drive(
      url,
      [
        ["eval": widths], ["eval": barLefts],
        [
          "eval":
            "(() => { const f = document.getElementById('filter'); f.value = 'parser'; f.dispatchEvent(new Event('input')); return true; })()"
        ],
        ["eval": widths],
      ])

    XCTAssertEqual(
      results[0] as? [Double], results[3] as? [Double], "column widths while filtering")
    let lefts = try XCTUnwrap(results[1] as? [Double])
    XCTAssertEqual(lefts.count, 6)
    XCTAssertEqual(Set(lefts).count, 1, "the Lines bars start at one x, 100.00% included: \(lefts)")
  }

  /// The paths of the file rows not hidden, in the order shown.
  /// The changes page runs the shared script cleanly and takes no jump keys of its own.
  func testChangesPageOpensCleanly() throws {
    var report = SampleReport.report
    report.files.append(HTMLSample.file)
    report.patch = PatchCoverage(
      base: "origin/main", baseCommit: "0123456789abcdef", lines: Metric(covered: 1, count: 2),
      files: [
        PatchFile(
          path: HTMLSample.path, changedLines: [4, 9], lines: Metric(covered: 1, count: 2),
          uncoveredLines: [9])
      ], unmeasured: [])
    let folder = try write(
      HTMLReport(sources: StubSources(files: [HTMLSample.path: HTMLSample.source])).render(report))
    let url = folder.appendingPathComponent("changes.html").absoluteString

    let dom = try dumpDOM(url)
    let afterKey = try drive(url, [["key": "n"], ["eval": "location.hash"]])

    XCTAssertTrue(dom.contains("<body class=\"changes\" data-ready=\"1\">"))
    XCTAssertTrue(dom.contains("<tr class=\"changed uncovered\">"))
    XCTAssertEqual(afterKey.first as? String, "", "n does nothing here")
  }

  /// Keywords and numbers have colours of their own, in light and in dark.
  func testSourceIsColouredInBothSchemes() throws {
    let folder = try writeBlocks()
    let colours =
      "['table.code .k', 'table.code .n', '#L1 td:nth-child(3)'].map(s => getComputedStyle(document.querySelector(s)).color).join('|')"
    let url = try page(folder, containing: "Blocks").absoluteString
    let schemes = try drive(url, [["eval": colours], ["dark": "on"], ["eval": colours]])
    for case let scheme as String in schemes {
      let parts = scheme.split(separator: "|").map(String.init)
      XCTAssertEqual(Set(parts).count, 3, "keyword, number and plain text differ: \(scheme)")
    }
    XCTAssertNotEqual(schemes.first as? String, schemes.last as? String, "dark has its own colours")
  }

  /// A line's derived branches open, by keyboard (a `<details>`: no script), into the list of its
  /// decisions and outcomes under the line, the outcome never taken marked as such.
  func testABranchBadgeOpensIntoItsOutcomesUnderTheLine() throws {
    var report = SampleReport.report
    var file = HTMLSample.file
    file.coverage.branches = DerivedBranches(decisions: [
      Decision(
        kind: .guard, location: SourceLocation(line: 4, column: 5), reached: 1500,
        outcomes: [
          Outcome(label: "else", line: 4, count: 0), Outcome(label: "pass", line: 4, count: 1500),
        ])
    ])
    report.files.append(file)
    let folder = try write(
      HTMLReport(sources: StubSources(files: [HTMLSample.path: HTMLSample.source])).render(report))
    let url = try page(folder, containing: "Greeter").absoluteString
    let list = "document.querySelector('#L4 details.br-list ul')"
    let shown = "\(list).getBoundingClientRect().height > 0"
    let below =
      "\(list).getBoundingClientRect().top >= document.querySelector('#L4 td:nth-child(3)').getBoundingClientRect().top + 10"
    let results = try drive(
      url,
      [
        ["eval": shown],
        ["eval": "document.querySelector('#L4 details.br-list summary').focus(); 1"],
        ["key": "Enter"], ["eval": shown], ["eval": below], ["eval": "\(list).textContent"],
      ])
    XCTAssertEqual(results.count, 5)
    XCTAssertEqual(results[0] as? Bool, false, "closed at first")
    XCTAssertEqual(results[2] as? Bool, true, "open after Enter")
    XCTAssertEqual(results[3] as? Bool, true, "under the line")
    XCTAssertEqual(
      results[4] as? String, "guard at 4:5, reached 1500: else 0 (never taken), pass 1500")
  }

  /// On a phone the figures fit the screen and nothing is pinned over the source.
  func testPhonesSeeTheFiguresAndTheWholeScreen() throws {
    let folder = try writeBlocks()
    let rightOfLines = { (table: String) in
      "Math.round(document.querySelector('\(table) th[data-key=lines], \(table) thead th:nth-child(4)').getBoundingClientRect().right)"
    }
    let pinned =
      "Array.from(document.querySelectorAll('*')).filter(e => ['sticky', 'fixed'].includes(getComputedStyle(e).position)).length"

    let index = try drive(
      folder.appendingPathComponent("index.html").absoluteString,
      [
        ["viewport": "400x800"], ["eval": rightOfLines("#files")], ["eval": "innerWidth"],
        [
          "eval":
            "Math.round(document.querySelector('#files td.path').getBoundingClientRect().width)"
        ],
      ])
    let phone = try drive(
      try page(folder, containing: "Blocks").absoluteString,
      [["viewport": "400x800"], ["eval": pinned]])
    let desktop = try drive(
      try page(folder, containing: "Blocks").absoluteString,
      [["viewport": "1400x900"], ["eval": pinned]])

    let right = try XCTUnwrap(index[0] as? Double)
    XCTAssertLessThanOrEqual(
      right, try XCTUnwrap(index[1] as? Double), "the Lines column is on screen")
    XCTAssertGreaterThanOrEqual(
      try XCTUnwrap(index[2] as? Double), 90, "the file names keep room to be read")
    XCTAssertEqual(phone[0] as? Double, 0, "nothing pinned on a phone")
    XCTAssertEqual(
      desktop[0] as? Double, 2, "the header bar and the source head stay pinned on a desktop")
  }

  /// Without JavaScript the filter and jump buttons would do nothing: they stay hidden.
  func testControlsThatNeedJavaScriptStayHiddenWithoutIt() throws {
    let folder = try writeBlocks()
    let index = folder.appendingPathComponent("index.html").absoluteString
    let file = try page(folder, containing: "Blocks").absoluteString

    let off = try drive(
      index, [["scripts": "off"], ["attributes": ".filter"], ["attributes": "body"]])
    let fileOff = try drive(file, [["scripts": "off"], ["attributes": ".jump"]])
    let on = try drive(file, [["attributes": ".jump"], ["attributes": "#L6"]])

    XCTAssertEqual(off[0] as? [String: String], ["class": "filter", "hidden": ""])
    XCTAssertEqual(off[1] as? [String: String], ["class": "index"], "no script ran")
    XCTAssertEqual(fileOff[0] as? [String: String], ["class": "jump", "hidden": ""])
    XCTAssertEqual(on[0] as? [String: String], ["class": "jump"], "shown once the script runs")
    XCTAssertEqual((on[1] as? [String: String])?["data-place"], "2", "places numbered in the page")
  }

  func testHostileReportRunsNothingOfTheData() throws {
    let hostile = HTMLEscapingTests.hostile
    let folder = try write(
      HTMLReport(sources: StubSources(files: hostile.sources)).render(hostile.report))
    let pages = [
      folder.appendingPathComponent("index.html"), try page(folder, containing: "Evil__img"),
    ]
    for page in pages {
      let dom = try dumpDOM(page.absoluteString)
      XCTAssertTrue(dom.contains("data-ready=\"1\""), page.lastPathComponent)
      for element in ["<img", "<iframe", "<svg onload", "<b>bold", "<i>", "<style"] {
        XCTAssertFalse(
          dom.contains(element), "\(page.lastPathComponent): the payload made \(element)")
      }
      XCTAssertEqual(
        Pattern.count("<script", in: dom), 1, "\(page.lastPathComponent): only the shared script")
    }
  }

  func testScreenshotsOfIndexAndFilePage() throws {
    let folder = try writeSample()
    try FileManager.default.createDirectory(
      at: Self.screenshotFolder, withIntermediateDirectories: true)
    let shots = [
      ("index.png", folder.appendingPathComponent("index.html"), [String]()),
      ("file.png", try page(folder, containing: "Greeter"), []),
      ("file-dark.png", try page(folder, containing: "Greeter"), ["--force-dark-mode"]),
    ]
    for (name, url, extra) in shots {
      let png = Self.screenshotFolder.appendingPathComponent(name)
      try? FileManager.default.removeItem(at: png)
      let run = try browse(
        url.absoluteString, ["--screenshot=\(png.path)", "--window-size=1280,900"] + extra)
      XCTAssertEqual(run.status, 0, run.stderr)
      assertCleanConsole(run.stderr)
      let data = try Data(contentsOf: png)
      XCTAssertEqual(
        Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "\(name) is a PNG")
      XCTAssertGreaterThan(data.count, 10_000, "\(name) shows something")
    }
  }

  func testSortingAndFilteringRunFromTheFragment() throws {
    let folder = try writeSample()
    let url = folder.appendingPathComponent("index.html").absoluteString + "#sort=lines-desc&q=core"
    let dom = try dumpDOM(url)
    XCTAssertTrue(dom.contains("data-sorted=\"lines-desc\""))
    XCTAssertTrue(
      dom.contains("<th data-key=\"lines\" data-type=\"number\" aria-sort=\"descending\""))
    XCTAssertEqual(
      Pattern.captures(#"<td class="path" data-sort="([^"]*)""#, in: dom),
      [
        "Sources/Core/Engine.swift", "Sources/Core/Store.swift", "Sources/Core/Greeter.swift",
        "Sources/Parser/Lexer.swift", "Sources/DemoApp/main.swift",
      ])
    XCTAssertEqual(
      Pattern.captures(
        #"<tr(?: class="ungated")? hidden="">\s*<td class="path" data-sort="([^"]*)""#, in: dom),
      ["Sources/Parser/Lexer.swift", "Sources/DemoApp/main.swift"])
    XCTAssertTrue(dom.contains("<span id=\"filter-count\" class=\"muted\">3 of 5 files</span>"))
  }
}
