import CoverageModel
import CovgateSupport
import Foundation

/// Reads llvm-cov export JSON (formats 2.x and 3.x) into `CoverageData`.
///
/// Walks the bytes once: per file it keeps llvm-cov's summary and builds the line view from
/// the segments on the fly; `functions[]` is read only when asked for, anything else is skipped.
public enum ExportReader {
  /// What to read besides each file's summary.
  public struct Options: Hashable, Sendable {
    /// Whether to read `functions[]`, which merging runs of the same code needs (slower).
    public var functions: Bool
    /// Whether to keep each file's line view; without it the segments are still checked, and
    /// a file costs only its path and summary (exports of tens of thousands of files).
    public var lineViews: Bool
    /// From how many bytes on `functions[]` is read in halves, on two threads besides the one
    /// reading the files. Below, its reading ends while the package is described and its
    /// sources searched on the other core: a third thread would only take turns with them.
    public var halvingFunctionsFrom: Int

    public init(
      functions: Bool = false, lineViews: Bool = true, halvingFunctionsFrom: Int = 16 << 20
    ) {
      self.functions = functions
      self.lineViews = lineViews
      self.halvingFunctionsFrom = halvingFunctionsFrom
    }
  }

  /// Reads and parses an export file.
  public static func read(path: String, options: Options = Options()) throws -> CoverageData {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      throw ExportError.unreadable(path: path, reason: "no such file")
    }
    guard !isFolder.boolValue else {
      throw ExportError.unreadable(path: path, reason: "it is a folder")
    }
    let file: MappedFile
    do {
      file = try MappedFile(path: path)
    } catch let error as MappedFileError {
      throw ExportError.unreadable(path: path, reason: error.reason)
    }
    guard file.bytes.count > 0 else { throw ExportError.empty(path: path) }
    // Pages already read are handed back as the scan moves on: memory stays far below the
    // file's size however large it is.
    return try parse(
      bytes: file.bytes, source: path, options: options, release: file.release(upTo:),
      releaseRange: file.release(from:upTo:))
  }

  /// Parses export bytes; `source` names them in errors.
  public static func parse(_ data: Data, source: String, options: Options = Options()) throws
    -> CoverageData
  {
    guard !data.isEmpty else { throw ExportError.empty(path: source) }
    return try data.withUnsafeBytes { raw in
      try parse(
        bytes: raw.bindMemory(to: UInt8.self), source: source, options: options, release: { _ in })
    }
  }

  /// Parses bytes, calling `release` with offsets that will not be read again (and
  /// `releaseRange` with ranges a second thread read).
  static func parse(
    bytes: UnsafeBufferPointer<UInt8>, source: String, options: Options, release: (Int) -> Void,
    releaseRange: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
  ) throws -> CoverageData {
    var scanner = JSONScanner(bytes: bytes)
    let ahead =
      options.functions
      ? FunctionsAhead(bytes: bytes, halvingFrom: options.halvingFunctionsFrom) : nil
    defer { ahead?.finish() }
    do {
      return try withoutActuallyEscaping(release) { release in
        let reading = Reading(
          options: options, ahead: ahead, release: release, releaseRange: releaseRange)
        return try readDocument(&scanner, source: source, reading: reading)
      }
    } catch let error as JSONScanError {
      throw error.truncated
        ? ExportError.truncated(path: source, offset: error.offset)
        : ExportError.malformed(path: source, offset: error.offset, reason: error.message)
    }
  }

  /// What reading one document uses besides its bytes.
  private struct Reading {
    var options: Options
    var ahead: FunctionsAhead?
    var release: (Int) -> Void
    var releaseRange: @Sendable (Int, Int) -> Void
  }

  private static func readDocument(
    _ scanner: inout JSONScanner, source: String, reading: Reading
  ) throws -> CoverageData {
    var files: [FileCoverage] = []
    var functions: [FunctionRecord] = []
    var sawData = false
    var type: String?
    var version: String?
    scanner.skipWhitespace()
    guard try scanner.peek() == UInt8(ascii: "{") else {
      throw ExportError.notAnExport(path: source, reason: "the top level is not a JSON object")
    }
    try scanner.readObject { scanner, key in
      if key == "data" {
        sawData = true
        try scanner.readArray { scanner in
          try readExport(&scanner, reading: reading, files: &files, functions: &functions)
        }
      } else if key == "type" {
        type = try scanner.readString()
      } else if key == "version" {
        version = try scanner.readString()
      }
    }
    guard scanner.isAtEnd else { throw scanner.error("trailing characters after the document") }
    guard type == "llvm.coverage.json.export" else {
      throw ExportError.notAnExport(
        path: source, reason: type.map { "its type is \"\($0)\"" } ?? "it has no \"type\" key")
    }
    guard let version, version.hasPrefix("2.") || version.hasPrefix("3.") else {
      throw ExportError.unsupportedVersion(path: source, version: version ?? "none")
    }
    guard sawData else {
      throw ExportError.notAnExport(path: source, reason: "it has no \"data\" key")
    }
    // Handed over, not shared: the data sorts them in place when they are out of order.
    return CoverageData(files: consume files, functions: consume functions, capabilities: .llvmCov)
  }

  private static func readExport(
    _ scanner: inout JSONScanner, reading: Reading, files: inout [FileCoverage],
    functions: inout [FunctionRecord]
  ) throws {
    let options = reading.options
    try scanner.readObject { scanner, key in
      if key == "files" {
        try readFiles(&scanner, reading: reading, into: &files)
      } else if key == "functions", options.functions {
        scanner.skipWhitespace()
        if functions.isEmpty, let (read, end) = try reading.ahead?.take(at: scanner.position) {
          functions = read
          scanner.position = end
        } else {
          try FunctionRecordReader.readFunctions(&scanner, into: &functions)
        }
      } else if key == "functions" {
        try scanner.readArray { scanner in
          try scanner.skipValue()
          reading.release(scanner.position)
        }
      }
    }
  }

  /// A file record ends its summary and itself, and the next starts: `}}},{"`.
  private static let fileBoundary = Array(#"}}},{""#.utf8)

  /// The `files[]` array the scanner is at. Without function records (an export of many small
  /// files), its second half is read on another thread from a boundary guessed near the middle
  /// of the document, each half handing back the pages it read.
  private static func readFiles(
    _ scanner: inout JSONScanner, reading: Reading, into files: inout [FileCoverage]
  ) throws {
    let lineViews = reading.options.lineViews
    let releaseRange = reading.releaseRange
    scanner.skipWhitespace()
    let tail =
      reading.options.functions || !files.isEmpty
      ? nil
      : ArrayTail<FileCoverage>.boundary(
        in: scanner.bytes, after: (scanner.position + scanner.bytes.count) / 2,
        pattern: fileBoundary, elementOffset: 4
      ).map { split in
        ArrayTail<FileCoverage>(bytes: scanner.bytes, start: split) { scanner, files, stopped in
          var released = split
          return try scanner.readElements(continuing: true, boundary: nil) { scanner in
            // A stopped reading stops here too: the first half's walk ends and stops this one.
            if stopped() { throw CancellationError() }
            files.append(try readFile(&scanner, index: files.count, keepingLineView: lineViews))
            if scanner.position - released >= MappedFile.releaseStep {
              releaseRange(released, scanner.position)
              released = scanner.position
            }
          }
        }
      }
    defer { tail?.finish() }
    try ArrayTail.read(&scanner, into: &files, tail: tail) { scanner, files, continuing, boundary in
      try scanner.readElements(continuing: continuing, boundary: boundary) { scanner in
        files.append(try readFile(&scanner, index: files.count, keepingLineView: lineViews))
        reading.release(scanner.position)
      }
    }
  }

  private static func readFile(_ scanner: inout JSONScanner, index: Int, keepingLineView: Bool)
    throws
    -> FileCoverage
  {
    var filename: String?
    var summary: Summary?
    var lineView: LineView?
    do {
      try scanner.readObject { scanner, key in
        if key == "filename" {
          filename = try scanner.readString()
        } else if key == "segments" {
          lineView = try readSegments(&scanner, keepingCounts: keepingLineView)
        } else if key == "summary" {
          summary = try readSummary(&scanner)
        }
      }
    } catch var error as JSONScanError where !error.truncated {
      // Name the record: llvm-cov writes "filename" before "segments" and "summary".
      error.message = "in the file record of \(filename ?? "files[\(index)]"): \(error.message)"
      throw error
    }
    guard let filename else { throw scanner.error("files[\(index)] has no \"filename\"") }
    guard let summary else {
      throw scanner.error("the file record of \(filename) has no \"summary\"")
    }
    return FileCoverage(path: filename, summary: summary, lineView: lineView)
  }

  /// segment = `[line, col, count, hasCount, isRegionEntry, isGapRegion]` (format 2.0 has no gap
  /// flag), sorted by line and column.
  private static func readSegments(_ scanner: inout JSONScanner, keepingCounts: Bool) throws
    -> LineView?
  {
    var builder = LineViewBuilder(keepsCounts: keepingCounts)
    var number = 0
    var previous = (line: 0, column: 0)
    try scanner.readArray { scanner in
      // Almost every segment is plain; the general reader names the fault of any other.
      let segment =
        try scanner.readPlainSegment(
          lineLimit: UInt64(ExportLimits.line), columnLimit: UInt64(ExportLimits.column),
          after: previous)
        ?? readSegment(&scanner, number: number, after: previous)
      previous = (segment.line, segment.column)
      number += 1
      do {
        try builder.add(
          line: segment.line, count: segment.count, hasCount: segment.hasCount,
          isRegionEntry: segment.isRegionEntry, isGap: segment.isGap)
      } catch {
        throw scanner.error(
          "segments are out of order or past any real line (line \(segment.line))")
      }
    }
    return keepingCounts ? builder.build() : nil
  }

  /// Reads segment `number` field by field, naming whatever is wrong with it.
  private static func readSegment(
    _ scanner: inout JSONScanner, number: Int, after previous: (line: Int, column: Int)
  ) throws -> JSONScanner.Segment {
    var segment = JSONScanner.Segment(
      line: 0, column: 0, count: 0, hasCount: false, isRegionEntry: false, isGap: false)
    var index = 0
    try scanner.readArray { scanner in
      switch index {
      case 0:
        segment.line = try scanner.readInt(
          upTo: ExportLimits.line, "segments[\(number)] line", limit: ExportLimits.lineReason)
      case 1:
        segment.column = try scanner.readInt(
          upTo: ExportLimits.column, "segments[\(number)] column", limit: ExportLimits.columnReason)
      case 2: segment.count = try scanner.readCount("segments[\(number)] count")
      case 3: segment.hasCount = try scanner.readBool()
      case 4: segment.isRegionEntry = try scanner.readBool()
      case 5: segment.isGap = try scanner.readBool()
      default: throw scanner.error("segments[\(number)] has more than 6 fields")
      }
      index += 1
    }
    guard index >= 5 else {
      throw scanner.error("segments[\(number)] has \(index) fields, expected 6")
    }
    guard segment.line >= 1, (segment.line, segment.column) >= previous else {
      throw scanner.error(
        "segments[\(number)] at \(segment.line):\(segment.column) is out of order or on no real line (after \(previous.line):\(previous.column))"
      )
    }
    return segment
  }

  private static func readSummary(_ scanner: inout JSONScanner) throws -> Summary {
    var summary = Summary()
    try scanner.readObject { scanner, key in
      let kind: MetricKind? =
        key == "lines"
        ? .lines
        : key == "functions"
          ? .functions
          : key == "instantiations"
            ? .instantiations
            : key == "regions"
              ? .regions
              : key == "branches" ? .branches : nil
      guard let kind else { return }
      summary[kind] = try readMetric(&scanner, kind)
    }
    return summary
  }

  private static func readMetric(_ scanner: inout JSONScanner, _ kind: MetricKind) throws -> Metric
  {
    var covered: Int?
    var count: Int?
    try scanner.readObject { scanner, key in
      if key == "covered" {
        covered = try scanner.readInt(
          upTo: ExportLimits.summaryCount, "summary.\(kind.rawValue).covered",
          limit: ExportLimits.summaryReason)
      } else if key == "count" {
        count = try scanner.readInt(
          upTo: ExportLimits.summaryCount, "summary.\(kind.rawValue).count",
          limit: ExportLimits.summaryReason)
      }
    }
    guard let covered, let count else {
      throw scanner.error("summary.\(kind.rawValue) lacks count or covered")
    }
    guard covered <= count else {
      throw scanner.error("summary.\(kind.rawValue) covers \(covered) of \(count)")
    }
    return Metric(covered: covered, count: count)
  }
}
