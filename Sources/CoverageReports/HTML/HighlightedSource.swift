import CoverageModel
import CovgateSupport

/// A source file's bytes cut into lines, with its Swift tokens for colouring each line.
struct HighlightedSource {
  /// The source, its UTF-8 contiguous: read in place, never copied.
  private let text: String
  /// Each line's bytes in the source's UTF-8, without its line ending (`\n` or `\r\n`); a
  /// final line ending does not start another line.
  let lineRanges: [Range<Int>]
  /// Sorted, never overlapping.
  let tokens: [SyntaxToken]

  init(_ source: String) {
    var text = source
    text.makeContiguousUTF8()
    var ranges: [Range<Int>] = []
    var tokens: [SyntaxToken] = []
    text.withUTF8 { bytes in
      var start = 0
      while start < bytes.count {
        // memchr, not a generic search: a page has a line per row.
        let end = ByteSearch.offset(of: UInt8(ascii: "\n"), in: bytes, from: start, to: bytes.count)
        let trimmed = end > start && bytes[end - 1] == UInt8(ascii: "\r") ? end - 1 : end
        ranges.append(start..<trimmed)
        start = end + 1
      }
      tokens = SwiftTokenizer.tokens(in: bytes)
    }
    self.text = text
    self.lineRanges = ranges
    self.tokens = tokens
  }

  var lineCount: Int { lineRanges.count }

  /// The source's size in UTF-8 bytes.
  var byteCount: Int { text.utf8.count }

  /// The indexes in `tokens` of the tokens that reach into a line, found from `cursor` (a token
  /// index that only moves forward as lines are visited in order); their ranges stay counted
  /// in the file.
  func tokenIndices(onLine index: Int, from cursor: inout Int) -> Range<Int> {
    let range = lineRanges[index]
    while cursor < tokens.count, tokens[cursor].range.upperBound <= range.lowerBound { cursor += 1 }
    var end = cursor
    while end < tokens.count, tokens[end].range.lowerBound < range.upperBound { end += 1 }
    return cursor..<end
  }

  /// Line `index` as HTML, coloured (the changes page: a few lines, found by bisection).
  func html(line index: Int) -> String {
    let start = lineRanges[index].lowerBound
    var cursor = 0
    var high = tokens.count
    while cursor < high {
      let middle = (cursor + high) / 2
      if tokens[middle].range.upperBound <= start { cursor = middle + 1 } else { high = middle }
    }
    var html = HTMLBytes()
    let indices = tokenIndices(onLine: index, from: &cursor)
    withLine(index) { line in
      tokens.withUnsafeBufferPointer { tokens in
        MissedSpans.append(
          line: line, missed: [], tokens: UnsafeBufferPointer(rebasing: tokens[indices]),
          offset: start, to: &html)
      }
    }
    return html.text()
  }

  /// Calls `body` with line `index`'s bytes, counted from 0.
  func withLine<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    withBytes { body(UnsafeBufferPointer(rebasing: $0[lineRanges[index]])) }
  }

  /// Calls `body` with the whole source's bytes, which `lineRanges` index.
  func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    // Contiguous since `init`: the storage is always there.
    text.utf8.withContiguousStorageIfAvailable(body)!
  }
}
