import CoverageModel
import XCTest

@testable import CoverageReports

/// A file page's functions table and figures: closures folded under their function, exact
/// counts, and why llvm-cov's line figure differs from the lines with a count.
final class HTMLFilePageFunctionsTests: XCTestCase {
  private func function(_ name: String, line: Int, count: UInt64) -> FunctionCoverage {
    FunctionCoverage(name: "$s\(line)", displayName: name, line: line, column: 1, count: count)
  }

  func testClosuresFoldUnderTheFunctionTheyAreIn() {
    let functions = [
      function("Store.save()", line: 3, count: 2),
      function("closure #1 in Store.save()", line: 5, count: 2),
      function("implicit closure #1 in closure #1 in Store.save()", line: 6, count: 0),
      function("Store.load()", line: 10, count: 0),
      function("closure #1 in Elsewhere.run()", line: 20, count: 1),
      function("Store.save()", line: 30, count: 1),
      function("closure #1 in Store.save()", line: 31, count: 1),
    ]

    let (rows, closures) = FilePage.foldingClosures(functions)

    let line = { (index: Int) in functions[index].line }
    XCTAssertEqual(
      rows.map(line), [3, 10, 20, 30], "a closure of a function not in the file keeps its row")
    XCTAssertEqual(closures[0]?.map(line), [5, 6])
    XCTAssertNil(closures[3])
    XCTAssertEqual(
      closures[5]?.map(line), [31], "an overload's closure goes under the overload holding it")
    XCTAssertEqual(
      FilePage.enclosingName("implicit closure #1 in closure #1 in Store.save()"), "Store.save()")
    XCTAssertNil(FilePage.enclosingName("Store.save()"))

    var file = HTMLSample.file
    file.coverage.functions = functions
    let page = FilePage(
      file: file, packageName: "Demo", gated: true, source: HTMLSample.source,
      capabilities: .llvmCov
    )
    .html()
    XCTAssertEqual(Pattern.count("<td class=fn ", in: page), 4)
    XCTAssertEqual(Pattern.count("<details class=closures>", in: page), 2)
    XCTAssertTrue(
      page.contains(
        "<details class=closures><summary>2 closures, 1 never ran</summary><ul><li><a href=#L5>closure #1</a> line 5, ran 2 times</li>"
          + "<li class=uncovered><a href=#L6>implicit closure #1 in closure #1</a> line 6, ran 0 times</li></ul></details>"
      ),
      page)
    XCTAssertTrue(
      page.contains("<summary>2 of 7 never ran</summary>"), "the summary counts every function")
  }

  func testTheFunctionsTableGivesExactCounts() {
    var file = HTMLSample.file
    file.coverage.functions = [function("Big.loop()", line: 3, count: 1_234_567)]
    let page = FilePage(
      file: file, packageName: "Demo", gated: true, source: HTMLSample.source,
      capabilities: .llvmCov
    )
    .html()
    XCTAssertTrue(
      page.contains("<td class=num data-sort=1234567><span class=hits>1234567</span>"), page)
  }

  /// llvm-cov adds up each function's lines: a line inside two functions counts twice, so its
  /// figure can exceed the lines with a count. The page says so, with both numbers.
  func testThePageSaysWhyLLVMCovsLineFigureDiffersFromTheLinesShown() {
    var file = HTMLSample.file
    let page = {
      FilePage(
        file: file, packageName: "Demo", gated: true, source: HTMLSample.source,
        capabilities: .llvmCov
      ).html()
    }
    XCTAssertFalse(page().contains("line-totals"), "the sample's figures agree with its lines")

    file.coverage.summary.lines = Metric(covered: 5, count: 9)
    XCTAssertTrue(
      page().contains(
        "llvm-cov's figure counts 9 lines, 4 of them never run; the source below shows 7 lines with a count (4 ran, 3 never ran)."
      ),
      page())
  }

  /// A check on one function links to its line on the file's page.
  func testAVerdictOnAFunctionLinksToItsLine() throws {
    var report = SampleReport.report
    report.gate.verdicts = [
      Verdict(
        rule: .maxRisk, scopeKind: .file, scope: "Sources/Parser/Lexer.swift", metric: nil,
        actual: nil,
        required: 30, status: .failed, message: "Sources/Parser/Lexer.swift:12: a function's risk",
        line: 12)
    ]
    let index = try XCTUnwrap(HTMLReport(sources: StubSources()).render(report).first?.contents)
    XCTAssertNotNil(
      index.range(
        of: #"<a class="message" href="files/Sources_Parser_Lexer\.swift-[0-9a-f]+\.html#L12">"#,
        options: .regularExpression), index)
  }
}
