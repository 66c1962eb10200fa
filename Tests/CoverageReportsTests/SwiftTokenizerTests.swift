import XCTest

@testable import CoverageReports

final class SwiftTokenizerTests: XCTestCase {
  /// The tokens of `source` as `kind:text` pairs, in order.
  private func tokens(_ source: String) -> [String] {
    let bytes = Array(source.utf8)
    return SwiftTokenizer.tokens(of: bytes).map {
      "\($0.kind.className):" + String(decoding: bytes[$0.range], as: UTF8.self)
    }
  }

  func testKeywordsNumbersAndComments() {
    XCTAssertEqual(
      tokens("let x = 0x1F + 1_000.5e-3 // done\nreturn y"),
      ["k:let", "n:0x1F", "n:1_000.5e-3", "c:// done", "k:return"])
  }

  func testKeywordsInARowAreOneToken() {
    XCTAssertEqual(tokens("private static func f()"), ["k:private static func"])
  }

  func testMembersAndEscapedNamesAreNotKeywords() {
    XCTAssertEqual(tokens("x = .default; let `class` = a.self"), ["k:let"])
    XCTAssertEqual(tokens("let package = Package(name: \"p\")"), ["k:let", "s:\"p\""])
  }

  /// Every keyword is one, and no word one byte away from a keyword is (the table compares
  /// packed words of one length and initial).
  func testEveryKeywordAndNoNearMiss() {
    let keywords = Set(SwiftTokenizer.keywordList.map { String(decoding: $0, as: UTF8.self) })
    XCTAssertEqual(keywords.count, SwiftTokenizer.keywordList.count)
    for keyword in keywords {
      XCTAssertEqual(tokens(keyword), ["k:\(keyword)"], keyword)
      let bytes = Array(keyword.utf8)
      var nearMisses = [
        keyword.uppercased(), keyword + "s", String(keyword.dropLast()), "x" + keyword,
      ]
      for index in bytes.indices {
        var changed = bytes
        changed[index] = changed[index] == UInt8(ascii: "z") ? UInt8(ascii: "y") : UInt8(ascii: "z")
        nearMisses.append(String(decoding: changed, as: UTF8.self))
      }
      for word in nearMisses where !keywords.contains(word) {
        XCTAssertFalse(SwiftTokenizer.isKeyword(Array(word.utf8)), word)
      }
    }
    XCTAssertFalse(SwiftTokenizer.isKeyword(Array("associatedtypes_".utf8)))
    XCTAssertFalse(SwiftTokenizer.isKeyword(Array("a".utf8)))
    XCTAssertFalse(SwiftTokenizer.isKeyword(Array("nonisolatedindirect".utf8)))
  }

  /// Each kind's opening tag carries its class.
  func testOpeningTagsCarryTheClass() {
    for kind in [SyntaxToken.Kind.keyword, .string, .comment, .number, .attribute] {
      XCTAssertEqual("\(kind.openingTag)", "<span class=\(kind.className)>")
    }
  }

  func testNestedBlockComment() {
    XCTAssertEqual(
      tokens("a /* one /* two */ still */ var b"), ["c:/* one /* two */ still */", "k:var"])
  }

  func testAnUnclosedBlockCommentRunsToTheEnd() {
    XCTAssertEqual(tokens("x /* open\nlet y"), ["c:/* open\nlet y"])
  }

  func testStringWithEscapesAndInterpolation() {
    XCTAssertEqual(
      tokens(#"print("a \"q\" \(count + 1) b") // c"#),
      [#"s:"a \"q\" \("#, "n:1", #"s:) b""#, "c:// c"])
  }

  func testNestedInterpolationWithParentheses() {
    XCTAssertEqual(
      tokens(#""\(f(g(1)), "in \(true)")" + 2"#),
      [#"s:"\("#, "n:1", #"s:"in \("#, "k:true", #"s:)")""#, "n:2"])
  }

  func testRawStringIgnoresPlainQuotesAndEscapes() {
    XCTAssertEqual(
      tokens(##"let r = #"a "b" \n \#(x)"# + 3"##),
      ["k:let", ##"s:#"a "b" \n \#("##, ##"s:)"#"##, "n:3"])
  }

  func testMultilineString() {
    let source = "let s = \"\"\"\n  one \"quoted\"\n  \"\"\"\nif s {}"
    XCTAssertEqual(tokens(source), ["k:let", "s:\"\"\"\n  one \"quoted\"\n  \"\"\"", "k:if"])
  }

  func testAnUnclosedStringEndsAtItsLine() {
    XCTAssertEqual(tokens("x = \"open\nvar y"), ["s:\"open", "k:var"])
  }

  func testAttributesAndDirectives() {
    XCTAssertEqual(
      tokens("@MainActor final class A {}\n#if DEBUG\n#endif\nif #available(macOS 14, *) {}"),
      ["a:@MainActor", "k:final class", "a:#if", "a:#endif", "k:if", "a:#available", "n:14"])
  }

  func testNonASCIINamesAreNotSplit() {
    XCTAssertEqual(tokens("let café = \"é\" // ✓"), ["k:let", "s:\"é\"", "c:// ✓"])
  }

  /// Truncated and deeply nested input: tokens stay sorted, apart, non-empty and inside the source.
  func testHostileInputKeepsTokensInOrderAndInBounds() {
    let deep = String(repeating: #""\("#, count: 200)
    for source in [
      deep, "\"", "#", "\"\"\"", "/*", "0x", "1e", "\\(", ")", "@", "`", "##\"", "\"\\",
      "\"a\\(b\n",
    ] {
      let bytes = Array(source.utf8)
      let found = SwiftTokenizer.tokens(of: bytes)
      var end = 0
      for token in found {
        XCTAssertFalse(token.range.isEmpty, source)
        XCTAssertGreaterThanOrEqual(token.range.lowerBound, end, "sorted and apart: \(source)")
        XCTAssertLessThanOrEqual(token.range.upperBound, bytes.count, source)
        end = token.range.upperBound
      }
    }
    XCTAssertFalse(tokens(deep).isEmpty)
  }

  func testLinesAndTheTokensThatReachIntoThem() {
    let source = HighlightedSource("let a = 1\r\n/* x\n y */ var b\nlast")
    XCTAssertEqual(
      source.lineRanges.indices.map { index in
        source.withLine(index) { String(decoding: $0, as: UTF8.self) }
      },
      ["let a = 1", "/* x", " y */ var b", "last"])
    var cursor = 0
    let comment = SyntaxToken(range: 11..<21, kind: .comment)
    XCTAssertEqual(
      Array(source.tokens[source.tokenIndices(onLine: 0, from: &cursor)]),
      [SyntaxToken(range: 0..<3, kind: .keyword), SyntaxToken(range: 8..<9, kind: .number)])
    XCTAssertEqual(Array(source.tokens[source.tokenIndices(onLine: 1, from: &cursor)]), [comment])
    XCTAssertEqual(
      Array(source.tokens[source.tokenIndices(onLine: 2, from: &cursor)]),
      [comment, SyntaxToken(range: 22..<25, kind: .keyword)])
    XCTAssertEqual(Array(source.tokens[source.tokenIndices(onLine: 3, from: &cursor)]), [])
    XCTAssertEqual(source.html(line: 2), "<span class=c> y */</span> <span class=k>var</span> b")
    XCTAssertEqual(source.html(line: 1), "<span class=c>/* x</span>")
  }
}

extension SwiftTokenizer {
  /// The tokens of source bytes held in an array.
  static func tokens(of source: [UInt8]) -> [SyntaxToken] {
    source.withUnsafeBufferPointer { tokens(in: $0) }
  }
}
