import CoverageModel

/// The never-run parts of partially covered lines, cut from a file's missed regions.
///
/// Region columns are 1-based UTF-8 byte offsets and a region ends before its end column, as
/// llvm-cov exports them; a region spanning several lines covers the rest of its first line, all
/// of the lines between and the start of its last line.
struct MissedSpans: Sendable {
  /// Per 1-based line: 0-based byte ranges, `Int.max` standing for the end of the line.
  private var spans: [Int: [Range<Int>]] = [:]

  /// Spans of `missedRegions` on the given lines only (the partially covered ones).
  init(missedRegions: [SourceRange], lines: Set<Int>) {
    guard !lines.isEmpty else { return }
    for region in missedRegions where region.end >= region.start {
      for line in region.start.line...region.end.line where lines.contains(line) {
        let lower = line == region.start.line ? max(0, region.start.column - 1) : 0
        let upper = line == region.end.line ? max(0, region.end.column - 1) : Int.max
        if lower < upper { spans[line, default: []].append(lower..<upper) }
      }
    }
  }

  /// The line's never-run byte ranges: merged, sorted, cut to `byteCount` bytes, without
  /// leading or trailing blanks.
  func byteRanges<Bytes: RandomAccessCollection<UInt8>>(line: Int, in bytes: Bytes) -> [Range<Int>]
  where Bytes.Index == Int {
    guard let ranges = spans[line] else { return [] }
    var merged: [Range<Int>] = []
    for range in ranges.sorted(by: {
      ($0.lowerBound, $0.upperBound) < ($1.lowerBound, $1.upperBound)
    }) {
      let clamped = min(range.lowerBound, bytes.count)..<min(range.upperBound, bytes.count)
      if let last = merged.last, clamped.lowerBound <= last.upperBound {
        merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, clamped.upperBound)
      } else {
        merged.append(clamped)
      }
    }
    return merged.compactMap { range in
      var lower = range.lowerBound
      var upper = range.upperBound
      while lower < upper, isBlank(bytes[lower]) { lower += 1 }
      while upper > lower, isBlank(bytes[upper - 1]) { upper -= 1 }
      return lower < upper ? lower..<upper : nil
    }
  }

  /// A line of source as HTML: escaped, the never-run ranges in `<span class=missed>`, the
  /// tokens (byte ranges of the line) in `<span class=k>` and the like inside them.
  ///
  /// A boundary that falls inside a multi-byte character moves to the character's end, so a
  /// character is never split.
  static func html(line bytes: [UInt8], missed: [Range<Int>], tokens: [SyntaxToken] = []) -> String
  {
    var html = HTMLBytes()
    bytes.withUnsafeBufferPointer { line in
      tokens.withUnsafeBufferPointer {
        append(line: line, missed: missed, tokens: $0, offset: 0, to: &html)
      }
    }
    return html.text()
  }

  /// `html(line:missed:tokens:)` appended to a page's bytes; token ranges are counted from
  /// `offset` (the line's start in its file) and cut to the line.
  static func append(
    line bytes: UnsafeBufferPointer<UInt8>, missed: [Range<Int>],
    tokens: UnsafeBufferPointer<SyntaxToken>, offset: Int, to html: inout HTMLBytes
  ) {
    func boundary(_ offset: Int) -> Int {
      var offset = min(max(offset, 0), bytes.count)
      while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
      return offset
    }
    if missed.isEmpty, tokens.isEmpty {
      HTMLEscaping.append(escaping: bytes, to: &html)
      return
    }
    var writer = SpanWriter(plain: !HTMLEscaping.anyNeedsEscaping(bytes))
    var position = 0
    var tokenIndex = tokens.startIndex
    /// Writes `position..<end` with the tokens over it, inside or outside a missed span.
    func write(upTo end: Int, missed: Bool) {
      while position < end {
        while tokenIndex < tokens.endIndex,
          boundary(tokens[tokenIndex].range.upperBound - offset) <= position
        {
          tokenIndex += 1
        }
        var kind: SyntaxToken.Kind?
        var next = end
        if tokenIndex < tokens.endIndex {
          let token = tokens[tokenIndex]
          let lower = boundary(token.range.lowerBound - offset)
          if lower <= position {
            kind = token.kind
            next = min(end, boundary(token.range.upperBound - offset))
          } else {
            next = min(end, lower)
          }
        }
        writer.write(bytes[position..<next], missed: missed, kind: kind, to: &html)
        position = next
      }
    }
    for range in missed {
      let lower = max(boundary(range.lowerBound), position)
      let upper = boundary(range.upperBound)
      guard lower < upper else { continue }
      write(upTo: lower, missed: false)
      write(upTo: upper, missed: true)
    }
    write(upTo: bytes.count, missed: false)
    writer.close(&html)
  }

  private func isBlank(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
  }
}

/// Writes runs of a line, opening and closing the missed span and the token spans as the runs
/// change, a token span always inside a missed one.
private struct SpanWriter {
  /// Whether nothing in the line needs escaping: its runs are copied as they are.
  let plain: Bool
  private var missed = false
  private var kind: SyntaxToken.Kind?

  init(plain: Bool) { self.plain = plain }

  mutating func write(
    _ run: Slice<UnsafeBufferPointer<UInt8>>, missed: Bool, kind: SyntaxToken.Kind?,
    to html: inout HTMLBytes
  ) {
    if missed != self.missed {
      closeToken(&html)
      html.append(missed ? "<span class=missed>" : "</span>")
      self.missed = missed
    }
    if kind != self.kind {
      closeToken(&html)
      if let kind { html.append(kind.openingTag) }
      self.kind = kind
    }
    if plain {
      html.append(UnsafeBufferPointer(rebasing: run))
    } else {
      HTMLEscaping.append(escaping: UnsafeBufferPointer(rebasing: run), to: &html)
    }
  }

  mutating func close(_ html: inout HTMLBytes) {
    closeToken(&html)
    if missed { html.append("</span>") }
    missed = false
  }

  private mutating func closeToken(_ html: inout HTMLBytes) {
    if kind != nil { html.append("</span>") }
    kind = nil
  }
}
