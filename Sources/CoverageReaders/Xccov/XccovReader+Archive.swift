import CoverageModel
import CovgateSupport
import Foundation
import LLVMCoverage

/// The archive (`xcrun xccov view --archive --json`): each file's lines, read strictly; large
/// archives in two halves, one per core.
extension XccovReader {
  /// Parses archive bytes; `source` names them in errors.
  public static func parseArchive(bytes: UnsafeBufferPointer<UInt8>, source: String) throws
    -> [String: XccovFileLines]
  {
    try scanning(bytes, source: source, what: "xccov archive") { scanner in
      // A large archive is read in two halves, one per core: the second from the first file
      // that starts after the middle. The first half reads on when it does not stop there
      // exactly (the place was inside a path), and the second half's result is dropped.
      let boundary = bytes.count >= 1 << 20 ? fileBoundary(in: bytes, after: bytes.count / 2) : nil
      let second = boundary.map { start in
        Background { () throws -> [String: XccovFileLines] in
          var files: [String: XccovFileLines] = [:]
          var rest = JSONScanner(bytes: bytes)
          rest.position = start
          guard try readFiles(&rest, into: &files, stoppingAt: nil, source: source) else {
            throw rest.error("expected the end of the document")
          }
          guard rest.isAtEnd else { throw rest.error("trailing characters after the document") }
          return files
        }
      }
      // The second half reads the mapped bytes: it is done before they may be unmapped.
      defer { _ = try? second?.value() }
      var files: [String: XccovFileLines] = [:]
      try scanner.expect(UInt8(ascii: "{"), what: "an object")
      scanner.skipWhitespace()
      if try scanner.peek() == UInt8(ascii: "}") {
        scanner.position += 1
        return files
      }
      if try readFiles(&scanner, into: &files, stoppingAt: boundary, source: source) {
        return files
      }
      // Stopped at the boundary: the second half holds the rest.
      let rest = try second!.value()
      files.merge(rest) { first, _ in first }
      scanner.position = bytes.count
      return files
    }
  }

  /// Reads `"path": [lines]` pairs from the scanner (at a key) into `files`, to the object's
  /// `}` (true) or until the next key starts at `boundary` (false, the scanner there).
  static func readFiles(
    _ scanner: inout JSONScanner, into files: inout [String: XccovFileLines],
    stoppingAt boundary: Int?,
    source: String
  ) throws -> Bool {
    while true {
      scanner.skipWhitespace()
      if scanner.position == boundary { return false }
      let path = try scanner.readString()
      try scanner.expect(UInt8(ascii: ":"), what: "':' after a key")
      try checkPath(path, field: "the key \"\(path)\"", source: source)
      scanner.skipWhitespace()
      guard try scanner.peek() == UInt8(ascii: "[") else {
        throw XccovError.badField(
          path: source, field: "\"\(path)\"", reason: "is not a list of lines")
      }
      files[path] = try lines(&scanner, file: path, source: source)
      scanner.skipWhitespace()
      switch try scanner.next() {
      case UInt8(ascii: ","): continue
      case UInt8(ascii: "}"): return true
      default: throw scanner.error("expected ',' or '}' in an object")
      }
    }
  }

  /// Where a file's key starts after `middle`: a `"/` after `]` and `,` (spaces between
  /// allowed), the end of one file's lines and the start of the next path.
  static func fileBoundary(in bytes: UnsafeBufferPointer<UInt8>, after middle: Int) -> Int? {
    var at = middle
    while at + 2 < bytes.count {
      defer { at += 1 }
      guard bytes[at] == UInt8(ascii: ","),
        bytes[at + 1] == UInt8(ascii: "\"") || bytes[at + 1] == 0x20
      else { continue }
      var back = at - 1
      while back > 0, bytes[back] == 0x20 || bytes[back] == 0x0A { back -= 1 }
      guard bytes[back] == UInt8(ascii: "]") else { continue }
      var key = at + 1
      while key < bytes.count, bytes[key] == 0x20 || bytes[key] == 0x0A { key += 1 }
      if key + 1 < bytes.count, bytes[key] == UInt8(ascii: "\""),
        bytes[key + 1] == UInt8(ascii: "/")
      {
        return key
      }
    }
    return nil
  }

  static func lines(_ scanner: inout JSONScanner, file: String, source: String) throws
    -> XccovFileLines
  {
    var counts: [UInt64] = []
    var missed: [SourceRangeOnLine] = []
    try scanner.expect(UInt8(ascii: "["), what: "a list of lines")
    var first = true
    while true {
      // Plain lines in a tight loop; any other element, read by the general reader below.
      switch scanner.readPlainArchiveLines(into: &counts, first: first) {
      case .end:
        return XccovFileLines(rawCounts: counts, missedParts: missed.sorted())
      case .outOfOrder(let line):
        throw XccovError.badField(
          path: source, field: "\"\(file)\"[\(counts.count)].line",
          reason:
            "is \(line) where line \(counts.count + 1) comes next (lines are listed in order from 1)"
        )
      case .badSeparator:
        _ = try scanner.peek()  // the end of the file: truncated
        throw scanner.error("expected ',' or ']' in an array")
      case .other:
        break
      }
      first = false
      try generalLine(&scanner, counts: &counts, missed: &missed, file: file, source: source)
      scanner.skipWhitespace()
      switch try scanner.next() {
      case UInt8(ascii: ","): continue
      case UInt8(ascii: "]"): return XccovFileLines(rawCounts: counts, missedParts: missed.sorted())
      default: throw scanner.error("expected ',' or ']' in an array")
      }
    }
  }

  /// One line of the archive in any form xccov may write, every field checked.
  static func generalLine(
    _ scanner: inout JSONScanner, counts: inout [UInt64], missed: inout [SourceRangeOnLine],
    file: String, source: String
  ) throws {
    let index = counts.count
    // Named only in an error: built then, not for every line.
    func field() -> String { "\"\(file)\"[\(index)]" }
    var line: Int?
    var executable: Bool?
    var count: UInt64?
    try object(&scanner, field: field(), source: source) { scanner, key in
      if key == "line" {
        line = try lineNumber(&scanner, field: "\(field()).line")
      } else if key == "isExecutable" {
        executable = try bool(&scanner, field: "\(field()).isExecutable", source: source)
      } else if key == "executionCount" {
        scanner.skipWhitespace()
        // Written as null on lines that are not executable by some versions.
        if try scanner.peek() == UInt8(ascii: "n") { return }
        count = try scanner.readCount("\(field()).executionCount")
      } else if key == "subranges" {
        try array(&scanner, field: "\(field()).subranges", source: source) { scanner in
          if let part = try subrange(&scanner, field: "\(field()).subranges", source: source) {
            missed.append(
              SourceRangeOnLine(line: counts.count + 1, column: part.column, length: part.length))
          }
        }
      }
    }
    let number = try required(line, "\(field()).line", source)
    guard number == counts.count + 1 else {
      throw XccovError.badField(
        path: source, field: "\(field()).line",
        reason:
          "is \(number) where line \(counts.count + 1) comes next (lines are listed in order from 1)"
      )
    }
    let isExecutable = try required(executable, "\(field()).isExecutable", source)
    guard !isExecutable || count != nil else {
      throw XccovError.badField(
        path: source, field: "\(field()).executionCount",
        reason: "is missing on an executable line"
      )
    }
    counts.append(isExecutable ? count! : LineView.unmapped)
  }

  /// A subrange that never ran, or `nil` for one that did.
  static func subrange(_ scanner: inout JSONScanner, field: String, source: String) throws
    -> (column: Int, length: Int)?
  {
    var column: Int?
    var length: Int?
    var count: UInt64?
    try object(&scanner, field: field, source: source) { scanner, key in
      if key == "column" {
        column = try scanner.readInt(
          upTo: ExportLimits.column, "\(field).column", limit: ExportLimits.columnReason)
      } else if key == "length" {
        length = try scanner.readInt(
          upTo: ExportLimits.column, "\(field).length", limit: ExportLimits.columnReason)
      } else if key == "executionCount" {
        count = try scanner.readCount("\(field).executionCount")
      }
    }
    let part = (
      column: try required(column, "\(field).column", source),
      length: try required(length, "\(field).length", source)
    )
    return try required(count, "\(field).executionCount", source) == 0 ? part : nil
  }
}
