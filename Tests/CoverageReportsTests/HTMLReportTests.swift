import CoverageModel
import Foundation
import XCTest

@testable import CoverageReports

final class HTMLReportTests: XCTestCase {
  private func render(_ report: CoverageReport = SampleReport.report) -> [RenderedFile] {
    HTMLReport(sources: StubSources()).render(report)
  }

  func testWritesIndexOnePagePerFileAndAssets() {
    let paths = render().map(\.path)
    XCTAssertEqual(paths.first, "index.html")
    let pages = paths.filter { $0.hasPrefix("files/") }
    XCTAssertEqual(pages.count, SampleReport.report.files.count)
    XCTAssertTrue(
      pages.allSatisfy { $0.hasSuffix(".html") && !$0.dropFirst(6).contains("/") }, "\(pages)")
    XCTAssertEqual(
      paths.filter { $0.hasPrefix("assets/") },
      ["assets/covgate.css", "assets/covgate.js", "assets/favicon.svg"])
    XCTAssertEqual(Set(paths).count, paths.count)
  }

  func testIndexMatchesGolden() throws {
    try Golden.assertMatches(try XCTUnwrap(render().first?.contents), "html-index.html")
  }

  func testFilePageMatchesGolden() throws {
    try Golden.assertMatches(HTMLSample.page(in: HTMLSample.render()), "html-file.html")
  }

  func testSameInputGivesSameBytes() {
    var report = SampleReport.report
    report.layers[0].thresholds = [
      .regions: Threshold(minimum: 10), .lines: Threshold(minimum: 60, target: 70),
      .functions: Threshold(target: 50), .instantiations: Threshold(minimum: 1),
    ]
    report.files.append(HTMLSample.file)
    let outputs = Set(
      (0..<5).map { _ in
        HTMLReport(sources: StubSources(files: [HTMLSample.path: HTMLSample.source])).render(report)
          .map { "\($0.path)\n\($0.contents)" }.joined(separator: "\u{0}")
      })
    XCTAssertEqual(outputs.count, 1)
    XCTAssertEqual(
      Pattern.count(#"\d{4}-\d{2}-\d{2}|\d{2}:\d{2}:\d{2}"#, in: outputs.first ?? ""), 0,
      "no timestamps")
  }

  func testEveryPageCarriesTheCSPAndHasNoInlineScriptOrStyle() throws {
    var report = SampleReport.report
    report.files.append(HTMLSample.file)
    let files = HTMLReport(sources: StubSources(files: [HTMLSample.path: HTMLSample.source]))
      .render(report)
    for file in files where file.path.hasSuffix(".html") {
      let html = file.contents
      XCTAssertTrue(
        html.contains(
          #"<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'; style-src 'self'">"#
        ),
        file.path)
      XCTAssertEqual(
        Pattern.count(#"<script\b"#, in: html), 1, "\(file.path): only the shared script")
      XCTAssertEqual(
        Pattern.count(#"<script src="(\.\./)?assets/covgate\.js" defer></script>"#, in: html), 1,
        file.path)
      XCTAssertEqual(
        Pattern.count(#"<style\b|\sstyle\s*="#, in: html), 0, "\(file.path): no inline style")
      XCTAssertEqual(
        Pattern.count(#"\son[a-z]+\s*="#, in: html), 0, "\(file.path): no inline handlers")
    }
  }

  func testLinksAreRelativeAndPointAtRenderedFiles() throws {
    var report = SampleReport.report
    report.files.append(HTMLSample.file)
    let files = HTMLReport(sources: StubSources()).render(report)
    let paths = Set(files.map(\.path))
    for file in files where file.path.hasSuffix(".html") {
      let folder = (file.path as NSString).deletingLastPathComponent
      for link in Pattern.captures(#"(?:href|src)="([^"]*)""#, in: file.contents) {
        XCTAssertFalse(
          link.contains(":") || link.hasPrefix("/"), "\(file.path): \(link) is not relative")
        guard !link.hasPrefix("#") else { continue }
        let target = URL(fileURLWithPath: "/out/" + folder).appendingPathComponent(link)
          .standardizedFileURL.path
        XCTAssertTrue(
          paths.contains(String(target.dropFirst("/out/".count))),
          "\(file.path): \(link) leads nowhere")
      }
    }
  }

  func testIndexShowsTheGateFirst() throws {
    let html = try XCTUnwrap(render().first?.contents)
    let gate = try XCTUnwrap(html.range(of: "<h1 id=\"gate-title\">Gate failed</h1>"))
    let layers = try XCTUnwrap(html.range(of: "Layers and targets"))
    XCTAssertLessThan(gate.lowerBound, layers.lowerBound)
    XCTAssertTrue(html.contains("Demo · 1 failing check · 2 warnings"))
    // Each verdict links to where its scope is shown: the layer's row, the file's page.
    let layerCheck = try XCTUnwrap(
      html.range(
        of:
          "<span class=\"tag\">WARN</span><a class=\"message\" href=\"#layer-logic\">logic: lines 63.33% (190/300) is below the target 70%</a>"
      ))
    XCTAssertTrue(html.contains("<tr class=\"layer-row\" id=\"layer-logic\">"))
    let lexerPage = try XCTUnwrap(
      Pattern.captures(
        #"<td class="path" data-sort="Sources/Parser/Lexer.swift"><a href="([^"]+)""#, in: html
      ).first)
    let fileCheck = try XCTUnwrap(
      html.range(
        of:
          "<li class=\"failed\"><span class=\"tag\">FAIL</span><a class=\"message\" href=\"\(lexerPage)\">Sources/Parser/Lexer.swift: lines 40.00% (40/100) is below the file minimum 50%</a></li>"
      ))
    // Checks on layers first, those on single files after them under their count.
    XCTAssertLessThan(layerCheck.lowerBound, fileCheck.lowerBound)
    XCTAssertTrue(
      html.contains(
        "<details class=\"file-verdicts\" open><summary>1 failing check on 1 file</summary>"))
    // The target without data links to its table.
    XCTAssertTrue(
      html.contains(
        "<a class=\"message\" href=\"#nodata-title\">logic: target CShim has no coverage data"))
    var passed = SampleReport.report
    passed.gate = GateResult(verdicts: Array(SampleReport.verdicts.prefix(1)))
    passed.tests = TestOutcome(passed: false, exitCode: 1)
    let passedHTML = try XCTUnwrap(render(passed).first?.contents)
    XCTAssertTrue(
      passedHTML.contains("<h1 id=\"gate-title\">Tests failed · gate passed</h1>"), passedHTML)
    XCTAssertTrue(
      passedHTML.contains(
        "The tests ended with exit code 1; the coverage below is from the run as it went."))
  }

  /// A red run names its failed tests under the verdict, with where and why, escaped.
  func testTheIndexNamesTheFailedTests() throws {
    var report = SampleReport.report
    report.tests = TestOutcome(
      passed: false, exitCode: 1,
      failures: [
        TestFailure(
          test: "PriceTests.testTax", location: "PriceTests.swift:23",
          message: "XCTAssertEqual failed: (\"<1>\")"),
        TestFailure(test: "twoIsThree()", location: nil, message: "Expectation failed"),
      ])
    let html = try XCTUnwrap(render(report).first?.contents)
    XCTAssertTrue(
      html.contains("<details class=\"failed-tests\" open><summary>2 failed tests</summary>"), html)
    XCTAssertTrue(
      html.contains(
        "<li><code>PriceTests.testTax (PriceTests.swift:23): XCTAssertEqual failed: (&quot;&lt;1&gt;&quot;)</code></li>"
      ),
      html)
    XCTAssertTrue(html.contains("<li><code>twoIsThree(): Expectation failed</code></li>"))
    let markdown = MarkdownReport().markdown(report)
    XCTAssertTrue(
      markdown.contains("**Failed tests (2)**\n\n- `PriceTests.testTax (PriceTests.swift:23)"),
      markdown)
  }

  /// Red below the minimum, amber below the target, green at or above it; neutral without a rule.
  func testColoursFollowTheLayersRules() {
    let rule = Threshold(minimum: 60, target: 70)
    let colours = [(0, 10), (59, 100), (60, 100), (69, 100), (70, 100), (100, 100)].map {
      HTMLPage.level(Metric(covered: $0.0, count: $0.1), rule: rule)
    }

    XCTAssertEqual(colours, ["low", "low", "medium", "medium", "high", "high"])
    XCTAssertEqual(
      HTMLPage.level(Metric(covered: 59, count: 100), rule: Threshold(minimum: 60)), "low")
    XCTAssertEqual(
      HTMLPage.level(Metric(covered: 60, count: 100), rule: Threshold(minimum: 60)), "high")
    XCTAssertEqual(
      HTMLPage.level(Metric(covered: 69, count: 100), rule: Threshold(target: 70)), "medium")
    XCTAssertEqual(HTMLPage.level(Metric(covered: 10, count: 100), rule: nil), "neutral")
    XCTAssertEqual(HTMLPage.level(Metric(covered: 0, count: 0), rule: rule), "na")
    XCTAssertNil(
      HTMLPage.rules(
        of: LayerReport(
          name: "ui", gated: false, thresholds: [.lines: rule], totals: .zero, targets: [])),
      "a layer that is not gated colours nothing")
  }

  /// ✕ marks a figure the gate failed on (a layer, or a file its own minimum failed); a file,
  /// folder or target below its layer's minimum is marked ▽, since the gate judges the layer.
  func testOnlyWhatTheGateJudgedIsMarkedFailed() throws {
    let files = HTMLSample.render()
    let index = try XCTUnwrap(files["index.html"])
    let layerRow = try XCTUnwrap(
      index.firstRange(of: "<tr class=\"layer-row\"").map { index[$0.lowerBound...] }
    )
    .prefix { $0 != "\n" }
    XCTAssertTrue(layerRow.contains("<span class=\"pct low\">57.14%"), String(layerRow))
    let targetRow = try XCTUnwrap(
      index.firstRange(of: "<tr class=\"target-row\"").map { index[$0.lowerBound...] }
    )
    .prefix { $0 != "\n" }
    XCTAssertTrue(targetRow.contains("<span class=\"pct low part\">57.14%"), String(targetRow))
    let filesTable = try XCTUnwrap(
      index.firstRange(of: "id=\"files\"").map { index[$0.lowerBound...] })
    XCTAssertTrue(filesTable.contains("<span class=\"pct low part\">57.14%"))
    XCTAssertTrue(HTMLSample.page(in: files).contains("<div class=\"card-pct low part\">57.14%"))

    var report = HTMLSample.report
    report.gate.verdicts.append(
      Verdict(
        rule: .fileMinimum, scopeKind: .file, scope: HTMLSample.path, metric: .lines,
        actual: report.files[0].summary.lines, required: 60, status: .failed, message: "below"))
    let failed = HTMLSample.render(report)
    XCTAssertTrue(HTMLSample.page(in: failed).contains("<div class=\"card-pct low\">57.14%"))
    let failedIndex = try XCTUnwrap(failed["index.html"])
    let failedFiles = try XCTUnwrap(
      failedIndex.firstRange(of: "id=\"files\"").map { failedIndex[$0.lowerBound...] })
    XCTAssertTrue(failedFiles.contains("<span class=\"pct low\">57.14%"))
  }

  /// A trend that did not move is said in a sentence, not drawn as a large chart of flat lines.
  func testAFlatTrendIsASentenceOnTheIndex() throws {
    var report = HTMLSample.report
    report.history = (0..<3).map { index in
      HistoryPoint(
        date: Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 86_400),
        commit: "abc\(index)", passed: true, lines: Metric(covered: 4, count: 7),
        layerLines: ["logic": Metric(covered: 4, count: 7)])
    }
    let flat = try XCTUnwrap(HTMLSample.render(report)["index.html"])
    XCTAssertTrue(
      flat.contains(
        "<p class=\"trend-flat\">Line coverage unchanged over the last 3 runs: total = logic 57.14%.</p>"
      ), flat)
    XCTAssertFalse(flat.contains("class=\"trend-chart\""))
    report.history[2].lines = Metric(covered: 5, count: 7)
    let moved = try XCTUnwrap(HTMLSample.render(report)["index.html"])
    XCTAssertTrue(moved.contains("class=\"trend-chart\""))
  }

  /// `--title` and `--revision` show on every page; without them the bytes are what they were.
  func testTitleAndRevisionShowOnEveryPage() throws {
    let heading = ReportHeading(title: "Nightly <iOS>", revision: "0123abc")
    let files = HTMLReport(
      sources: StubSources(files: [HTMLSample.path: HTMLSample.source]), heading: heading
    ).render(HTMLSample.report)
    let pages = files.filter { $0.path.hasSuffix(".html") }

    XCTAssertEqual(pages.count, 2)
    for page in pages {
      XCTAssertTrue(
        page.contents.contains(
          "<span class=\"heading\"><span class=\"run-title\">Nightly &lt;iOS&gt;</span><span class=\"revision\">at <code>0123abc</code></span></span>"
        ), page.path)
      XCTAssertTrue(page.contents.contains("<title>Nightly &lt;iOS&gt; · "), page.path)
    }
    XCTAssertEqual(
      HTMLReport(
        sources: StubSources(files: [HTMLSample.path: HTMLSample.source]),
        heading: ReportHeading(title: "", revision: "")
      )
      .render(HTMLSample.report),
      HTMLReport(sources: StubSources(files: [HTMLSample.path: HTMLSample.source])).render(
        HTMLSample.report),
      "empty values are no heading")
  }

  /// The source table has a name and column headers for screen readers, and the never-run part
  /// of a line has a text alternative (generated content, so copying the code copies only code).
  func testSourceTableAndNeverRunPartsAreAccessible() {
    let page = HTMLSample.page(in: HTMLSample.render())

    XCTAssertTrue(
      page.contains(
        "<table class=\"code\" aria-label=\"Source of Sources/Core/Greeter.swift with hit counts\">"
      ))
    XCTAssertTrue(
      page.contains(
        "<thead class=\"sr-only\"><tr><th scope=\"col\">Line</th><th scope=\"col\">Hits</th><th scope=\"col\">Source</th></tr></thead>"
      ))
    XCTAssertTrue(
      HTMLAssets.stylesheet.contains("table.code .missed::before { content: \"never ran: \"; }"))
  }

  func testFiguresAreTheModelsNotRecountedFromLines() throws {
    var file = HTMLSample.file
    // The line view says 4 of 7; the model's summary wins everywhere.
    file.coverage.summary.lines = Metric(covered: 2, count: 3)
    file.coverage.summary.regions = .zero
    var report = HTMLSample.report
    report.files = [file]
    let files = HTMLSample.render(report)
    let index = try XCTUnwrap(files["index.html"])
    let page = HTMLSample.page(in: files)
    XCTAssertTrue(
      index.contains(
        "<td class=\"metric\" data-sort=\"6666\"><span class=\"pct high\">66.66%</span>"),
      "at or above the layer's minimum of 60%, which has no target: green")
    XCTAssertTrue(index.contains("<span class=\"ratio\">2/3</span>"))
    XCTAssertTrue(page.contains("<div class=\"card-pct high\">66.66%</div>"))
    XCTAssertTrue(page.contains("<div class=\"card-pct na\">n/a</div>"), "count 0 is n/a")
    XCTAssertFalse(page.contains("57.14%"))
    XCTAssertTrue(index.contains("<rect class=\"high\" width=\"66.66\" height=\"1\"/>"))
  }

  func testGatedAndUngatedLayersAreToldApart() throws {
    let html = try XCTUnwrap(render().first?.contents)
    XCTAssertTrue(
      html.contains(
        "<tbody class=\"gated\">\n<tr class=\"layer-row\" id=\"layer-logic\"><th scope=\"row\"><span class=\"name\">logic</span> <span class=\"badge gated\">gated</span>"
      ))
    XCTAssertTrue(
      html.contains(
        "<tbody class=\"ungated\">\n<tr class=\"layer-row\" id=\"layer-ui-glue\"><th scope=\"row\"><span class=\"name\">ui-glue</span> <span class=\"badge ungated\">not gated</span>"
      ))
    XCTAssertEqual(
      Pattern.count("<tr class=\"ungated\">", in: html), 2, "the one ui-glue file and its folder")
    XCTAssertTrue(html.contains("lines ≥ 60%, target 70%"))
    var capped = SampleReport.report
    capped.layers[0].thresholds[.lines]?.maxUncovered = 25
    XCTAssertTrue(
      try XCTUnwrap(render(capped).first?.contents).contains(
        "lines ≥ 60%, target 70%, ≤ 25 uncovered"))
  }

  /// By layer; within a gated layer the worst first (Lexer 40%, Store 60%, Engine 80%); in a
  /// layer that is not gated by target and path.
  func testFilesComePerLayerWorstFirstInGatedLayers() throws {
    let html = try XCTUnwrap(render().first?.contents)
    let order = Pattern.captures(#"<td class="path" data-sort="([^"]*)""#, in: html)
    XCTAssertEqual(
      order,
      [
        "Sources/Parser/Lexer.swift", "Sources/Core/Store.swift", "Sources/Core/Engine.swift",
        "Sources/DemoApp/main.swift",
      ])
    XCTAssertEqual(
      IndexPage.worseFirst(Metric(covered: 1, count: 3), Metric(covered: 2, count: 6)), nil)
    XCTAssertEqual(
      IndexPage.worseFirst(Metric(covered: 0, count: 0), Metric(covered: 0, count: 5)), false)
  }

  func testTargetsWithoutDataAndExcludedFilesAreListedWithTheirReason() throws {
    let html = try XCTUnwrap(render().first?.contents)
    XCTAssertTrue(
      html.contains(
        "<td><b>CShim</b></td><td>logic</td><td><code>Sources/CShim</code></td><td class=\"num\">2</td><td class=\"num\">48</td><td>C-family target: SwiftPM does not instrument it</td>"
      ))
    XCTAssertTrue(
      html.contains(
        "<tr><td><code>Tests/CoreTests/EngineTests.swift</code></td><td>test target CoreTests</td></tr>"
      ))
  }

  func testFilePageMarksLinesAndCounts() {
    let page = HTMLSample.page(in: HTMLSample.render())
    XCTAssertTrue(
      page.contains(
        "<tr id=L3 class=covered><td>3<td title=1500>1.50k<td>"
      ))
    XCTAssertTrue(page.contains("<tr id=L4 class=partial>"))
    XCTAssertTrue(
      page.contains(
        "<tr id=L8 class=uncovered><td>8<td>0<td>"
      ))
    XCTAssertTrue(
      page.contains(
        "<tr id=L7><td>7<td><td></td>\n<tr id=L8 "
      ))
    XCTAssertTrue(
      page.contains(
        "<td>    <span class=k>guard</span> !name.isEmpty <span class=k>else</span> "
          + "<span class=missed>{ <span class=k>return</span> <span class=s>&quot;Hallo, Wörld ✓&quot;</span> }</span></td>"
      ))
    XCTAssertTrue(
      page.contains(
        "<td><span class=c>/// Greets people; &quot;quotes&quot; &amp; &lt;angles&gt; stay text.</span></td>"
      ))
    XCTAssertEqual(Pattern.count("<span class=missed>", in: page), 1, "the one partial line")
    XCTAssertEqual(Pattern.count("<span class=\"missed\">", in: page), 1, "the legend")
    XCTAssertTrue(page.contains("<tr id=L11>"))
    XCTAssertFalse(page.contains("<tr id=L12"), "a final newline does not start a line")
    XCTAssertTrue(page.contains("<a href=#L8>Greeter.unused() -&gt; Swift.Int</a>"))
  }

  func testChangedLinesAndExclusionsAreShown() throws {
    var report = HTMLSample.report
    report.patch = HTMLSample.patch
    report.exclusions = [
      Exclusion(
        path: HTMLSample.path, firstLine: 8, lastLine: 10, wholeFile: false, reason: "debug only",
        ranAnyway: true)
    ]
    let files = HTMLSample.render(report)
    let index = try XCTUnwrap(files["index.html"])
    let page = HTMLSample.page(in: files)
    let pagePath = try XCTUnwrap(files.keys.first { $0.contains("Greeter") })
    XCTAssertTrue(
      index.contains(
        "Since <code>origin/main</code> (<code>0123456789ab</code>):</span><span class=\"pct neutral\">66.66%</span>"
      ))
    XCTAssertTrue(index.contains("<td class=\"line-list\"><a href=\"\(pagePath)#L9\">9</a></td>"))
    XCTAssertTrue(index.contains("<li><code>Package.swift</code>: not in a measured target</li>"))
    XCTAssertTrue(index.contains("<h2 id=\"markers-title\">Excluded in source</h2>"))
    XCTAssertTrue(
      index.contains(
        "<td>8-10</td><td>debug only</td><td><span class=\"badge warning\">ran anyway</span></td>"))
    XCTAssertLessThan(
      try XCTUnwrap(index.range(of: "Changed lines")).lowerBound,
      try XCTUnwrap(index.range(of: "Layers and targets")).lowerBound)
    XCTAssertTrue(page.contains("<tr id=L4 class=\"partial changed\">"))
    XCTAssertTrue(page.contains("<tr id=L9 class=\"uncovered changed\">"))
    XCTAssertTrue(page.contains("<tr id=L3 class=covered>"))
    XCTAssertTrue(page.contains("<span class=\"key changed\">changed</span>"))
    XCTAssertTrue(
      page.contains(
        "<li>Lines 8-10 left out of the figures by a marker: debug only <span class=\"badge warning\">ran anyway</span></li>"
      ))
    let plain = HTMLSample.page(in: HTMLSample.render())
    XCTAssertFalse(plain.contains("changed"), "no change marks without patch coverage")
  }

  func testMissingSourceIsSaidNotFatal() {
    let page = HTMLSample.page(in: HTMLSample.render(sources: [:]))
    XCTAssertTrue(
      page.contains(
        "<p class=\"notice missing\">The source of <code>Sources/Core/Greeter.swift</code> is missing"
      ))
    XCTAssertTrue(page.contains("<p>Lines that never ran: 8–10.</p>"))
    XCTAssertTrue(page.contains("<p>Lines that partly ran: 4.</p>"))
    XCTAssertFalse(page.contains("<table class=\"code\""))
    XCTAssertTrue(
      page.contains("Greeter.greet(Swift.String) -&gt; Swift.String"), "functions are still listed")
  }

  func testChangedSourceAndMissingLineDataAreSaid() {
    let short = HTMLSample.page(
      in: HTMLSample.render(sources: [HTMLSample.path: "struct Greeter {}\n"]))
    XCTAssertTrue(short.contains("The coverage data spans 11 lines but the source has 1"))
    var report = HTMLSample.report
    report.files[0].coverage.lineView = nil
    let noLines = HTMLSample.page(in: HTMLSample.render(report))
    XCTAssertTrue(noLines.contains("The export has no line data for this file"))
    XCTAssertTrue(
      noLines.contains(
        "<tr id=L8><td>8<td><td>"))
  }

  func testWindowsLineEndingsAreNotShown() {
    let source = HTMLSample.source.replacingOccurrences(of: "\n", with: "\r\n")
    let page = HTMLSample.page(in: HTMLSample.render(sources: [HTMLSample.path: source]))
    XCTAssertFalse(page.contains("\r"))
    XCTAssertTrue(
      page.contains(
        "<span class=missed>{ <span class=k>return</span> <span class=s>&quot;Hallo, Wörld ✓&quot;</span> }</span></td>"
      ))
  }

  func testFormatIsRegisteredAndReadsFunctions() throws {
    XCTAssertTrue(ReportFormat.html.needsFunctions)
    let files = try ReportFormat.html.renderer(.stub([HTMLSample.path: HTMLSample.source])).render(
      HTMLSample.report)
    XCTAssertTrue(
      HTMLSample.page(
        in: Dictionary(files.map { ($0.path, $0.contents) }, uniquingKeysWith: { a, _ in a })
      ).contains("<table class=\"code\" aria-label="))
  }
}
