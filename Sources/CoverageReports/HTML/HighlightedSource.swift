/// A source file cut into lines, with its Swift tokens for colouring each line.
struct HighlightedSource {
  /// The lines as UTF-8 bytes, without line endings (`\n` or `\r\n`); a final line ending does
  /// not start another line.
  let lines: [[UInt8]]
  /// The byte offset in the file where each line starts.
  private let starts: [Int]
  private let tokens: [SyntaxToken]

  init(_ source: String) {
    let bytes = Array(source.utf8)
    var lines: [[UInt8]] = []
    var starts: [Int] = []
    var start = 0
    for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      var end = offset
      if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
      lines.append(Array(bytes[start..<end]))
      starts.append(start)
      start = offset + 1
    }
    if start < bytes.count {
      var end = bytes.count
      if bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
      lines.append(Array(bytes[start..<end]))
      starts.append(start)
    }
    self.lines = lines
    self.starts = starts
    self.tokens = SwiftTokenizer.tokens(of: bytes)
  }

  /// The tokens on a line (0-based index), cut to it, their ranges counted from its start.
  func tokens(onLine index: Int) -> [SyntaxToken] {
    let start = starts[index]
    let end = start + lines[index].count
    // The first token that ends after the line starts (tokens are sorted and do not overlap).
    var low = 0
    var high = tokens.count
    while low < high {
      let middle = (low + high) / 2
      if tokens[middle].range.upperBound <= start { low = middle + 1 } else { high = middle }
    }
    var found: [SyntaxToken] = []
    var index = low
    while index < tokens.count, tokens[index].range.lowerBound < end {
      let range = tokens[index].range.clamped(to: start..<end)
      if !range.isEmpty {
        found.append(
          SyntaxToken(
            range: range.lowerBound - start..<range.upperBound - start, kind: tokens[index].kind))
      }
      index += 1
    }
    return found
  }
}
