import CoverageGate
import CoverageModel
import CoverageReaders
import XCTest

@testable import CoverageReports

final class TextReportTests: XCTestCase {
  func testMatchesGolden() throws {
    try Golden.assertMatches(TextReport(useColor: false).text(SampleReport.report), "text.txt")
  }

  func testRenderGivesOneFile() {
    let files = TextReport(useColor: false).render(SampleReport.report)
    XCTAssertEqual(files.map(\.path), ["covgate.txt"])
    XCTAssertEqual(files.first?.contents, TextReport(useColor: false).text(SampleReport.report))
  }

  /// The hand-built report is what the evaluator makes of the same files and thresholds.
  func testSampleReportAgreesWithEvaluator() {
    let config = GateConfig(
      layers: [
        LayerConfig(name: "logic", isDefault: true, thresholds: SampleReport.logicThresholds),
        LayerConfig(name: "ui-glue", gated: false, targets: [Glob("*App")]),
      ], fileMinimum: [.lines: 50])
    let package = PackageInfo(name: "Demo", root: SampleReport.root, targets: [])
    let sample = SampleReport.report
    let evaluated = Evaluator(config: config).evaluate(
      package: package, files: sample.files, targetsWithoutData: sample.targetsWithoutData,
      excluded: sample.excludedFiles, capabilities: .llvmCov)
    XCTAssertEqual(evaluated.totals, sample.totals)
    XCTAssertEqual(evaluated.layers, sample.layers)
    XCTAssertEqual(evaluated.gate, sample.gate)
  }

  /// Names shorter than the "Layer / target" header: the header's columns still sit over the rows'.
  func testHeaderLinesUpWithShortNames() throws {
    var report = SampleReport.report
    report.layers = report.layers.filter { $0.name == "logic" }
    let lines = TextReport(useColor: false).text(report).components(separatedBy: "\n")
    let header = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("Layer / target") })
    let table = lines[
      header..<(try XCTUnwrap(lines[header...].firstIndex { $0.hasPrefix("TOTAL") }) + 1)]

    // "Lines" starts where the rows' percents (all below 100%: six characters) start.
    let headerCells = Array(table.first!)
    let linesStart = try XCTUnwrap(
      (0..<headerCells.count - 5).first { String(headerCells[$0..<$0 + 5]) == "Lines" })
    for row in table.dropFirst() {
      let cells = Array(row)
      let percentEnd = try XCTUnwrap(cells.firstIndex(of: "%"), row)
      XCTAssertEqual(percentEnd - 5, linesStart, "the percent starts under \"Lines\": \(row)")
    }
  }

  func testFirstLineSaysWhetherTheGatePassed() {
    var report = SampleReport.report
    XCTAssertTrue(
      TextReport(useColor: false).text(report).hasPrefix("covgate: Demo: gate FAILED\n"))
    report.gate = GateResult(verdicts: Array(SampleReport.verdicts.prefix(2)))
    XCTAssertTrue(
      TextReport(useColor: false).text(report).hasPrefix("covgate: Demo: gate PASSED\n"))
  }

  func testFailedTestsAreSaid() {
    var report = SampleReport.report
    report.tests = TestOutcome(passed: false, exitCode: 1)
    let lines = TextReport(useColor: false).text(report).components(separatedBy: "\n")
    // The tests come first, before any word about the gate.
    XCTAssertEqual(lines[0], "covgate: Demo: tests FAILED, gate FAILED")
    XCTAssertEqual(
      lines[1], "the tests ended with exit code 1; the coverage below is from the run as it went")
    report.tests = TestOutcome(passed: true, exitCode: 0)
    XCTAssertFalse(TextReport(useColor: false).text(report).contains("tests"))
  }

  func testVerdictsAreOrderedFailuresFirst() {
    let text = TextReport(useColor: false).text(SampleReport.report)
    let fail = text.range(of: "  FAIL ")!.lowerBound
    let warn = text.range(of: "  WARN ")!.lowerBound
    let pass = text.range(of: "  PASS ")!.lowerBound
    XCTAssertLessThan(fail, warn)
    XCTAssertLessThan(warn, pass)
  }

  func testNotApplicableVerdictLabel() {
    var report = SampleReport.report
    report.gate = GateResult(verdicts: [
      Verdict(
        rule: .minimum, scopeKind: .layer, scope: "ui-glue", metric: .lines, actual: .zero,
        required: 60,
        status: .notApplicable,
        message: "ui-glue: lines n/a (nothing to measure); the minimum 60% does not apply")
    ])
    XCTAssertTrue(
      TextReport(useColor: false).text(report).contains(
        "\n  N/A  ui-glue: lines n/a (nothing to measure); the minimum 60% does not apply\n"))
  }

  func testNoVerdictsSaysNoThresholds() {
    var report = SampleReport.report
    report.gate = GateResult(verdicts: [])
    XCTAssertTrue(
      TextReport(useColor: false).text(report).contains("\nNo thresholds configured.\n"))
  }

  func testColorOnlyWhenAsked() {
    let plain = TextReport(useColor: false).text(SampleReport.report)
    let colored = TextReport(useColor: true).text(SampleReport.report)
    XCTAssertFalse(plain.contains("\u{1B}["))
    XCTAssertTrue(colored.contains("\u{1B}[31mFAILED\u{1B}[0m"))
    XCTAssertTrue(colored.contains("\u{1B}[31mFAIL\u{1B}[0m"))
    XCTAssertTrue(colored.contains("\u{1B}[33mWARN\u{1B}[0m"))
    XCTAssertTrue(colored.contains("\u{1B}[32mPASS\u{1B}[0m"))
  }

  /// llvm-cov rounds, covgate truncates: said once, last, so the last digit surprises nobody.
  func testTheLastLineSaysPercentagesAreTruncated() {
    let text = TextReport(useColor: false).text(SampleReport.report)
    XCTAssertTrue(text.hasSuffix("\n\n" + TextReport.truncationNote + "\n"), text)
    XCTAssertEqual(text.components(separatedBy: "truncated").count, 2)
  }

  func testWorstFilesListsOnlyGatedLayersWithMisses() {
    var report = SampleReport.report
    let full = SampleReport.file(
      "Sources/Core/Full.swift", "Core", "logic",
      SampleReport.summary(
        lines: (5, 5), functions: (1, 1), instantiations: (1, 1), regions: (1, 1)))
    report.files.append(full)
    let text = TextReport(useColor: false).text(report)
    let worst = text.components(separatedBy: "Least-covered files of gated layers (lines):\n")
      .map { $0.replacingOccurrences(of: "\n" + TextReport.truncationNote + "\n", with: "") }
    XCTAssertEqual(worst.count, 2)
    XCTAssertEqual(
      worst.last,
      """
        40.00%  Sources/Parser/Lexer.swift (60 of 100 lines missed)
        60.00%  Sources/Core/Store.swift (20 of 50 lines missed)
        80.00%  Sources/Core/Engine.swift (30 of 150 lines missed)

      """)
    XCTAssertFalse(worst.last!.contains("main.swift"), "ui-glue is not gated")
    XCTAssertFalse(worst.last!.contains("Full.swift"), "nothing missed")
  }

  func testWorstFilesAreCappedAndTiesBreakOnMisses() {
    var report = SampleReport.report
    report.files = (1...12).map { index in
      SampleReport.file(
        "Sources/Core/F\(index < 10 ? "0" : "")\(index).swift", "Core", "logic",
        SampleReport.summary(
          lines: (index, 2 * index), functions: (0, 0), instantiations: (0, 0), regions: (0, 0)))
    }
    let text = TextReport(useColor: false).text(report)
    let listed = text.components(separatedBy: "\n").filter { $0.contains("lines missed") }
    XCTAssertEqual(listed.count, TextReport.worstFileCount)
    // All at 50%: the most missed lines first.
    XCTAssertTrue(
      listed.first?.hasSuffix("Sources/Core/F12.swift (12 of 24 lines missed)") ?? false,
      "\(listed)")
    XCTAssertFalse(text.contains("F01.swift") || text.contains("F02.swift"))
  }
}

/// A built-in layer that nothing falls into (no UI target in the package) gets no row.
final class EmptyLayerRowTests: XCTestCase {
  func testAnEmptyLayerIsLeftOutOfEveryTable() throws {
    var report = SampleReport.report
    report.layers = report.layers.filter { $0.name == "logic" }
    report.files = report.files.filter { $0.layer == "logic" }
    report.layers.append(
      LayerReport(name: "ui-glue", gated: false, thresholds: [:], totals: .zero, targets: []))

    let text = TextReport(useColor: false).text(report)
    let markdown = MarkdownReport().render(report).first?.contents ?? ""
    let index = try XCTUnwrap(HTMLReport(sources: StubSources()).render(report).first?.contents)

    XCTAssertEqual(report.shownLayers.map(\.name), ["logic"])
    XCTAssertFalse(text.contains("ui-glue"), text)
    XCTAssertFalse(markdown.contains("ui-glue"), markdown)
    XCTAssertFalse(index.contains("<span class=\"name\">ui-glue</span>"))
    XCTAssertTrue(index.contains("<span class=\"name\">logic</span>"))
  }
}

/// The text report asks the data's capabilities, not its source: a reader whose data has no
/// regions loses the column whoever wrote it, and the footnote names the source.
final class TextReportCapabilitiesTests: XCTestCase {
  private func text(_ capabilities: Capabilities) -> String {
    var report = SampleReport.report
    report.capabilities = capabilities
    return TextReport(useColor: false).text(report)
  }

  func testTheRegionsColumnFollowsTheData() {
    XCTAssertTrue(text(.llvmCov).contains("Regions"))
    var noRegions = Capabilities.llvmCov
    noRegions.regions = false
    XCTAssertFalse(text(noRegions).contains("Regions"), "a reader without regions")
    XCTAssertTrue(text(noRegions).hasSuffix(TextReport.truncationNote + "\n"), "still llvm-cov's")
    XCTAssertFalse(text(.xccov).contains("Regions"))
    XCTAssertTrue(
      text(.xccov).hasSuffix(
        "Figures from Xcode's xccov: lines and functions as xccov counts them (they can differ from llvm-cov's); regions, instantiations and branches are not in what covgate reads of it, so they are n/a. Percentages are truncated, never rounded up.\n"
      ))
  }

  /// Each reader's sentence follows from its capabilities: what is counted, and what is n/a.
  func testTheFiguresNoteSaysWhatTheDataHolds() {
    XCTAssertNil(Capabilities.llvmCov.figuresNote)
    XCTAssertEqual(
      Capabilities.lcov.figuresNote,
      "Figures from an LCOV tracefile: lines and functions as its producer counted them; regions, instantiations and branches are not in what covgate reads of it, so they are n/a."
    )
    XCTAssertEqual(
      Capabilities.cobertura.figuresNote,
      "Figures from a Cobertura report: lines as its producer counted them; functions, regions, instantiations and branches are not in what covgate reads of it, so they are n/a."
    )
    var archiveOnly = Capabilities.xccov
    archiveOnly.functions = false
    XCTAssertTrue(archiveOnly.figuresNote?.contains("lines as xccov") == true)
    XCTAssertTrue(archiveOnly.figuresNote?.contains("functions, regions") == true)
  }
}
