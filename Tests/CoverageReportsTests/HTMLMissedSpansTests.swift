import CoverageModel
import XCTest

@testable import CoverageReports

final class HTMLMissedSpansTests: XCTestCase {
  private func range(_ line: Int, _ column: Int, _ endLine: Int, _ endColumn: Int) -> SourceRange {
    SourceRange(
      start: SourceLocation(line: line, column: column),
      end: SourceLocation(line: endLine, column: endColumn))
  }

  private func html(_ text: String, line: Int = 1, _ regions: [SourceRange], lines: Set<Int> = [1])
    -> String
  {
    let bytes = Array(text.utf8)
    let spans = MissedSpans(missedRegions: regions, lines: lines)
    return MissedSpans.html(line: bytes, missed: spans.byteRanges(line: line, in: bytes))
  }

  func testColumnsAreOneBasedBytesWithExclusiveEnd() {
    // `x ? 1 : 0`: the `0` (column 9) never ran.
    XCTAssertEqual(
      html("x ? 1 : 0", [range(1, 9, 1, 10)]), "x ? 1 : <span class=missed>0</span>")
  }

  func testMultiByteCharactersCountAsTheirBytes() {
    // "é" is 2 bytes and "✓" 3: `b` is at byte column 18, not character column 15.
    let text = "let é✓ = a ?? b"
    XCTAssertEqual(
      html(text, [range(1, 18, 1, 19)]), "let é✓ = a ?? <span class=missed>b</span>")
    XCTAssertEqual(
      html("f(\"Wörld\") ?? g", [range(1, 3, 1, 11)]),
      "f(<span class=missed>&quot;Wörld&quot;</span>) ?? g")
  }

  func testBoundaryInsideACharacterMovesToItsEnd() {
    // Column 6 is the second byte of "é" (bytes 5-6): the span starts after it.
    XCTAssertEqual(html("abcdéfg", [range(1, 6, 1, 8)]), "abcdé<span class=missed>f</span>g")
  }

  func testRegionsAcrossLinesAndPastTheEnd() {
    let regions = [range(1, 5, 3, 3)]
    XCTAssertEqual(
      html("if a { b", line: 1, regions, lines: [1, 2, 3]), "if a <span class=missed>{ b</span>"
    )
    XCTAssertEqual(
      html("  middle  ", line: 2, regions, lines: [1, 2, 3]),
      "  <span class=missed>middle</span>  ")
    XCTAssertEqual(
      html("} c", line: 3, regions, lines: [1, 2, 3]), "<span class=missed>}</span> c")
    XCTAssertEqual(html("short", [range(1, 3, 1, 99)]), "sh<span class=missed>ort</span>")
    XCTAssertEqual(html("short", [range(1, 40, 1, 99)]), "short")
  }

  func testOverlappingRegionsMergeAndOtherLinesAreLeftAlone() {
    XCTAssertEqual(
      html("abcdefgh", [range(1, 2, 1, 4), range(1, 3, 1, 6), range(1, 8, 1, 9)]),
      "a<span class=missed>bcde</span>fg<span class=missed>h</span>")
    XCTAssertEqual(
      html("abc", [range(1, 2, 1, 3)], lines: [2]), "abc", "only partial lines are cut")
    XCTAssertEqual(html("a<b>", [range(1, 2, 1, 5)]), "a<span class=missed>&lt;b&gt;</span>")
  }

  /// `line` (line 1) coloured, with the never-run part of `missed` when given.
  private func highlighted(_ line: String, missed: SourceRange? = nil) -> String {
    let bytes = Array(line.utf8)
    let spans = MissedSpans(missedRegions: missed.map { [$0] } ?? [], lines: [1])
    return MissedSpans.html(
      line: bytes, missed: spans.byteRanges(line: 1, in: bytes),
      tokens: SwiftTokenizer.tokens(of: bytes))
  }

  /// Token spans nest inside the missed span: a token that crosses its edge is cut in two.
  func testTokensNestInsideTheMissedSpan() {
    let line = "x ? nil : \"a<b\""
    XCTAssertEqual(
      highlighted(line, missed: range(1, 5, 1, 13)),
      "x ? <span class=missed><span class=k>nil</span> : <span class=s>&quot;a</span>"
        + "</span><span class=s>&lt;b&quot;</span>")
    XCTAssertEqual(
      highlighted(line), "x ? <span class=k>nil</span> : <span class=s>&quot;a&lt;b&quot;</span>")
  }

  /// A line with nothing to escape is written piece by piece as it is, with the same spans.
  func testALineWithNothingToEscapeKeepsItsSpans() {
    XCTAssertEqual(
      highlighted("return value ?? 0 // default", missed: range(1, 17, 1, 18)),
      "<span class=k>return</span> value ?? <span class=missed><span class=n>0</span></span> "
        + "<span class=c>// default</span>")
  }
}
