import CoverageModel
import XCTest

@testable import CoverageReports

final class HTMLEscapingTests: XCTestCase {
  func testEscapesMarkupQuotesAndNUL() {
    XCTAssertEqual(
      HTMLEscaping.escape(#"<a href="x" title='y'>&amp;</a>"#),
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;")
    XCTAssertEqual(HTMLEscaping.escape("a\u{0}b"), "a\u{FFFD}b")
    XCTAssertEqual(HTMLEscaping.escape("Wörld ✓ ]]> `x`"), "Wörld ✓ ]]&gt; `x`")
    XCTAssertEqual(HTMLEscaping.escape(""), "")
  }

  /// Bytes of source lines: invalid UTF-8 becomes U+FFFD exactly as text decoding would.
  func testEscapesBytesAsTheDecodedText() {
    let samples: [[UInt8]] = [
      Array("a < b && c".utf8), [0xC3, UInt8(ascii: "&"), 0x80], [0xFF, 0, UInt8(ascii: "'")],
      Array("é\"✓".utf8), [], [0xE2, 0x9C],
    ]
    for bytes in samples {
      XCTAssertEqual(
        HTMLEscaping.escape(utf8: bytes),
        HTMLEscaping.escape(String(decoding: bytes, as: UTF8.self)),
        "\(bytes)")
    }
  }

  /// A report whose every string from the data or the repository is hostile.
  static let hostile: (report: CoverageReport, sources: [String: String]) = {
    let evilPath = "Sources/Evil/<img src=x onerror=alert(1)>.swift"
    let quotedPath = #"Sources/Evil/"quoted' & ]]>.swift"#
    var report = HTMLSample.report
    report.packageName = "<svg onload=alert(1)>"
    var evil = HTMLSample.file
    evil.path = evilPath
    evil.target = "\"><script>alert('target')</script>"
    evil.layer = "logic"
    evil.coverage.functions[0].displayName = "<script>alert('function')</script>"
    evil.coverage.functions[1].name = "\" onmouseover=\"alert(1)"
    var quoted = HTMLSample.file
    quoted.path = quotedPath
    report.files = [evil, quoted]
    report.layers[0].name = "logic"
    report.layers[0].targets[0].name = "<iframe src=javascript:alert(1)>"
    report.targetsWithoutData = [
      TargetWithoutData(
        name: "<b>bold</b>", layer: "logic", path: "Sources/<i>", sourceFiles: 1, sourceLines: 2,
        reason: "</td></tr></table><script>alert('reason')</script>")
    ]
    report.excludedFiles = [
      ExcludedFile(path: "../<img src=y>.swift", reason: "<style>body{display:none}</style>")
    ]
    report.gate = GateResult(verdicts: [
      Verdict(
        rule: .fileMinimum, scopeKind: .file, scope: evilPath, metric: .lines,
        actual: evil.summary.lines,
        required: 90, status: .failed, message: "\(evilPath): lines below <b>90%</b>")
    ])
    report.patch = PatchCoverage(
      base: "<script>alert('base')</script>", baseCommit: "\"><img src=q>",
      lines: Metric(covered: 1, count: 2),
      files: [
        PatchFile(
          path: evilPath, changedLines: [1, 2], lines: Metric(covered: 1, count: 2),
          uncoveredLines: [2])
      ],
      unmeasured: [ExcludedFile(path: "<img src=u>.swift", reason: "<img src=r>")])
    report.exclusions = [
      Exclusion(
        path: evilPath, firstLine: 2, lastLine: 2, wholeFile: false,
        reason: "<img src=e onerror=alert(3)>",
        ranAnyway: false)
    ]
    let source = """
      let a = "</pre><script>alert('source')</script>"
      let b = "</td></tr></table><img src=z onerror=alert(2)>"
      guard ok else { return "<!-- ]]> -->" }

      """
    return (report, [evilPath: source, quotedPath: HTMLSample.source])
  }()

  func testHostileNamesAndSourceStayText() throws {
    let files = HTMLReport(sources: StubSources(files: Self.hostile.sources)).render(
      Self.hostile.report)
    let pages = files.filter { $0.path.hasSuffix(".html") }
    XCTAssertEqual(pages.count, 4, "index, changes and two file pages")
    for page in pages {
      let html = page.contents
      for forbidden in [
        "<img", "<iframe", "<svg onload", "<b>bold", "<b>90", "<i>", "<style", "<!--",
        " onmouseover=\"",
      ] {
        XCTAssertFalse(html.contains(forbidden), "\(page.path) contains \(forbidden)")
      }
      XCTAssertEqual(Pattern.count("<script", in: html), 1, "\(page.path): only the shared script")
      XCTAssertEqual(
        Pattern.count("</table>", in: html), Pattern.count("<table", in: html), page.path)
    }
    let index = try XCTUnwrap(files.first { $0.path == "index.html" }?.contents)
    XCTAssertTrue(index.contains("&lt;img src=x onerror=alert(1)&gt;.swift"))
    XCTAssertTrue(index.contains("&quot;quoted&#39; &amp; ]]&gt;.swift"))
    XCTAssertTrue(
      index.contains("<title>&lt;svg onload=alert(1)&gt; coverage: gate failed</title>"))
    XCTAssertTrue(
      index.contains(
        "&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;&lt;script&gt;alert(&#39;reason&#39;)&lt;/script&gt;"))
    let evilPage = try XCTUnwrap(files.first { $0.path.contains("Evil__img") }?.contents)
    XCTAssertTrue(
      evilPage.contains(
        "<span class=k>let</span> a = "
          + "<span class=s>&quot;&lt;/pre&gt;&lt;script&gt;alert(&#39;source&#39;)&lt;/script&gt;&quot;</span>"
      ))
    XCTAssertTrue(evilPage.contains("&lt;script&gt;alert(&#39;function&#39;)&lt;/script&gt;"))
    XCTAssertTrue(evilPage.contains("title=\"&quot; onmouseover=&quot;alert(1)\""))
  }

  func testHostilePathsCannotLeaveTheOutputFolder() {
    var report = HTMLSample.report
    report.files = ["../../etc/passwd", "/etc/shadow", "a/../../../b.swift", "..", "", "./.hidden"]
      .map {
        var file = HTMLSample.file
        file.path = $0
        return file
      }
    let files = HTMLReport(sources: StubSources()).render(report)
    let pages = files.filter { $0.path.hasPrefix("files/") }
    XCTAssertEqual(pages.count, 6)
    for page in pages {
      let name = String(page.path.dropFirst("files/".count))
      XCTAssertFalse(name.contains("/") || name.hasPrefix(".") || name.contains(".."), page.path)
    }
  }

  /// A buffer is escaped as any other collection of the same bytes (the index loop against the
  /// run search over a collection that has no contiguous storage), and is found to need
  /// escaping exactly when it has a byte that does.
  func testBuffersAreEscapedAsOtherCollections() {
    var generator = SystemRandomNumberGenerator()
    let alphabet: [UInt8] = Array("ab&<>\"' \u{0}".utf8) + [0xC3, 0xA9, 0xFF]
    for _ in 0..<2000 {
      // Runs of plain bytes long enough to be skipped eight at a time, and short ones.
      let plainRun = Int.random(in: 0...40, using: &generator)
      let bytes = (0..<Int.random(in: 0...80, using: &generator)).map { index in
        index % 41 < plainRun
          ? UInt8(ascii: "a") : alphabet.randomElement(using: &generator)!
      }
      var fromBuffer = HTMLBytes()
      bytes.withUnsafeBufferPointer { HTMLEscaping.append(escaping: $0, to: &fromBuffer) }
      var fromCollection = HTMLBytes()
      HTMLEscaping.append(escaping: bytes.lazy.map { $0 }, to: &fromCollection)
      let (buffered, collected) = (fromBuffer.text(), fromCollection.text())
      XCTAssertEqual(buffered, collected, "\(bytes)")
      XCTAssertEqual(
        bytes.withUnsafeBufferPointer(HTMLEscaping.anyNeedsEscaping),
        bytes.contains { Array("&<>\"'\u{0}".utf8).contains($0) }, "\(bytes)")
    }
  }

  /// The word test finds every byte that needs escaping at every place in a word, and nothing
  /// else: not the bytes one bit away from them, whatever surrounds them.
  func testWordTestFindsExactlyTheBytesThatNeedEscaping() {
    let special: Set<UInt8> = [0, 0x22, 0x26, 0x27, 0x3C, 0x3E]
    let neighbours: [UInt8] = [
      0x01, 0x20, 0x21, 0x23, 0x24, 0x25, 0x28, 0x3B, 0x3D, 0x3F, 0x7E, 0x80, 0xFF,
    ]
    var generator = SystemRandomNumberGenerator()
    for byte in UInt8.min...UInt8.max {
      for place in 0..<8 {
        var bytes = (0..<8).map { _ in neighbours.randomElement(using: &generator)! }
        bytes[place] = byte
        let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
        XCTAssertEqual(
          HTMLEscaping.needsEscaping(word: word), special.contains(byte), "\(bytes)")
      }
    }
  }
}
