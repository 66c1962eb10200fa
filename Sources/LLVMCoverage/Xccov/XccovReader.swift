import CoverageModel
import CovgateSupport
import Foundation

/// Reads the JSON of `xcrun xccov view --report --json` and `--archive --json` strictly: a
/// missing field, a wrong type, a number out of range, a relative path or a cut-off file is an
/// error naming the field, never a figure. Keys xccov may add later are skipped.
public enum XccovReader {
  /// The report at `path`.
  public static func readReport(path: String) throws -> XccovReport {
    try withFile(path) { try parseReport(bytes: $0, source: path) }
  }

  /// The archive at `path`: each file's lines, keyed by absolute path.
  public static func readArchive(path: String) throws -> [String: XccovFileLines] {
    try withFile(path) { try parseArchive(bytes: $0, source: path) }
  }

  /// Parses report bytes; `source` names them in errors.
  public static func parseReport(bytes: UnsafeBufferPointer<UInt8>, source: String) throws
    -> XccovReport
  {
    try scanning(bytes, source: source, what: "xccov report") { scanner in
      var targets: [XccovReport.Target]?
      try scanner.readObject { scanner, key in
        if key == "targets" {
          var list: [XccovReport.Target] = []
          try scanner.readArray { scanner in
            list.append(try target(&scanner, field: "targets[\(list.count)]", source: source))
          }
          targets = list
        }
      }
      guard let targets else {
        throw XccovError.notXccov(
          path: source, what: "xccov report", reason: "it has no \"targets\" key")
      }
      return XccovReport(targets: targets)
    }
  }

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
  private static func readFiles(
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
  private static func fileBoundary(in bytes: UnsafeBufferPointer<UInt8>, after middle: Int) -> Int?
  {
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

  // MARK: Report

  private static func target(
    _ scanner: inout JSONScanner, field: @autoclosure () -> String, source: String
  ) throws
    -> XccovReport.Target
  {
    var name: String?
    var files: [XccovReport.File]?
    try object(&scanner, field: field(), source: source) { scanner, key in
      if key == "name" {
        name = try string(&scanner, field: "\(field()).name", source: source)
      } else if key == "files" {
        var list: [XccovReport.File] = []
        try array(&scanner, field: "\(field()).files", source: source) { scanner in
          list.append(try file(&scanner, field: "\(field()).files[\(list.count)]", source: source))
        }
        files = list
      }
    }
    return XccovReport.Target(
      name: try required(name, "\(field()).name", source),
      files: try required(files, "\(field()).files", source))
  }

  private static func file(
    _ scanner: inout JSONScanner, field: @autoclosure () -> String, source: String
  ) throws
    -> XccovReport.File
  {
    var path: String?
    var covered: Int?
    var executable: Int?
    var functions: [XccovReport.Function]?
    try object(&scanner, field: field(), source: source) { scanner, key in
      if key == "path" {
        path = try string(&scanner, field: "\(field()).path", source: source)
      } else if key == "coveredLines" {
        covered = try lineCount(&scanner, field: "\(field()).coveredLines")
      } else if key == "executableLines" {
        executable = try lineCount(&scanner, field: "\(field()).executableLines")
      } else if key == "functions" {
        var list: [XccovReport.Function] = []
        try array(&scanner, field: "\(field()).functions", source: source) { scanner in
          list.append(
            try function(&scanner, field: "\(field()).functions[\(list.count)]", source: source))
        }
        functions = list
      }
    }
    let file = XccovReport.File(
      path: try required(path, "\(field()).path", source),
      coveredLines: try required(covered, "\(field()).coveredLines", source),
      executableLines: try required(executable, "\(field()).executableLines", source),
      functions: try required(functions, "\(field()).functions", source))
    try checkPath(file.path, field: "\(field()).path", source: source)
    guard file.coveredLines <= file.executableLines else {
      throw XccovError.badField(
        path: source, field: "\(field()).coveredLines",
        reason: "is \(file.coveredLines), more than its executableLines \(file.executableLines)")
    }
    return file
  }

  private static func function(
    _ scanner: inout JSONScanner, field: @autoclosure () -> String, source: String
  ) throws
    -> XccovReport.Function
  {
    var name: String?
    var line: Int?
    var count: UInt64?
    try object(&scanner, field: field(), source: source) { scanner, key in
      if key == "name" {
        name = try string(&scanner, field: "\(field()).name", source: source)
      } else if key == "lineNumber" {
        line = try lineNumber(&scanner, field: "\(field()).lineNumber")
      } else if key == "executionCount" {
        count = try scanner.readCount("\(field()).executionCount")
      }
    }
    return XccovReport.Function(
      name: try required(name, "\(field()).name", source),
      lineNumber: try required(line, "\(field()).lineNumber", source),
      executionCount: try required(count, "\(field()).executionCount", source))
  }

  // MARK: Archive

  private static func lines(_ scanner: inout JSONScanner, file: String, source: String) throws
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
  private static func generalLine(
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
  private static func subrange(_ scanner: inout JSONScanner, field: String, source: String) throws
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

  // MARK: Pieces

  private static func withFile<T>(_ path: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> T)
    throws -> T
  {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      throw XccovError.unreadable(path: path, reason: "no such file")
    }
    guard !isFolder.boolValue else {
      throw XccovError.unreadable(
        path: path, reason: "it is a folder (an .xcresult bundle is read with --xcresult, on a Mac)"
      )
    }
    let file: MappedFile
    do {
      file = try MappedFile(path: path)
    } catch let error as MappedFileError {
      throw XccovError.unreadable(path: path, reason: error.reason)
    }
    guard file.bytes.count > 0 else { throw XccovError.empty(path: path) }
    return try body(file.bytes)
  }

  /// Runs `body` on a scanner at the document's top-level object; syntax errors become
  /// `XccovError`s, and nothing may follow the document.
  private static func scanning<T>(
    _ bytes: UnsafeBufferPointer<UInt8>, source: String, what: String,
    _ body: (inout JSONScanner) throws -> T
  ) throws -> T {
    var scanner = JSONScanner(bytes: bytes)
    do {
      scanner.skipWhitespace()
      guard !scanner.isAtEnd else { throw XccovError.empty(path: source) }
      guard try scanner.peek() == UInt8(ascii: "{") else {
        throw XccovError.notXccov(
          path: source, what: what, reason: "the top level is not a JSON object")
      }
      let value = try body(&scanner)
      guard scanner.isAtEnd else { throw scanner.error("trailing characters after the document") }
      return value
    } catch let error as JSONScanError {
      throw error.truncated
        ? XccovError.truncated(path: source, offset: error.offset)
        : XccovError.malformed(path: source, offset: error.offset, reason: error.message)
    }
  }

  private static func object(
    _ scanner: inout JSONScanner, field: @autoclosure () -> String, source: String,
    _ body: (inout JSONScanner, JSONScanner.Key) throws -> Void
  ) throws {
    scanner.skipWhitespace()
    guard try scanner.peek() == UInt8(ascii: "{") else {
      throw XccovError.badField(path: source, field: field(), reason: "is not an object")
    }
    try scanner.readObject(body)
  }

  private static func array(
    _ scanner: inout JSONScanner, field: @autoclosure () -> String, source: String,
    _ body: (inout JSONScanner) throws -> Void
  ) throws {
    scanner.skipWhitespace()
    guard try scanner.peek() == UInt8(ascii: "[") else {
      throw XccovError.badField(path: source, field: field(), reason: "is not a list")
    }
    try scanner.readArray(body)
  }

  private static func string(
    _ scanner: inout JSONScanner, field: @autoclosure () -> String, source: String
  ) throws
    -> String
  {
    scanner.skipWhitespace()
    guard try scanner.peek() == UInt8(ascii: "\"") else {
      throw XccovError.badField(path: source, field: field(), reason: "is not text")
    }
    return try scanner.readString()
  }

  private static func bool(
    _ scanner: inout JSONScanner, field: @autoclosure () -> String, source: String
  ) throws
    -> Bool
  {
    scanner.skipWhitespace()
    let first = try scanner.peek()
    guard first == UInt8(ascii: "t") || first == UInt8(ascii: "f") else {
      throw XccovError.badField(path: source, field: field(), reason: "is not true or false")
    }
    return try scanner.readBool()
  }

  private static func lineCount(_ scanner: inout JSONScanner, field: @autoclosure () -> String)
    throws -> Int
  {
    try scanner.readInt(upTo: ExportLimits.summaryCount, field(), limit: ExportLimits.summaryReason)
  }

  private static func lineNumber(_ scanner: inout JSONScanner, field: @autoclosure () -> String)
    throws -> Int
  {
    let line = try scanner.readInt(upTo: ExportLimits.line, field(), limit: ExportLimits.lineReason)
    guard line >= 1 else { throw scanner.error("\(field()) is 0; lines are numbered from 1") }
    return line
  }

  private static func checkPath(_ path: String, field: String, source: String) throws {
    guard path.hasPrefix("/"), !path.utf8.contains(0) else {
      throw XccovError.badField(
        path: source, field: field,
        reason: "is \(path.isEmpty ? "empty" : "\"\(path.prefix(80))\""), not an absolute path")
    }
  }

  private static func required<T>(_ value: T?, _ field: @autoclosure () -> String, _ source: String)
    throws -> T
  {
    guard let value else {
      throw XccovError.badField(path: source, field: field(), reason: "is missing")
    }
    return value
  }
}
