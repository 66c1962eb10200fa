import CoverageModel

/// Reads the `functions[]` array of an llvm-cov export into `FunctionRecord`s.
///
/// Keeps name, count, regions and filenames; skips `branches` and `mcdc_records`.
enum FunctionRecordReader {
  /// Reads every record of the array the scanner is at.
  static func readFunctions(_ scanner: inout JSONScanner, into functions: inout [FunctionRecord])
    throws
  {
    _ = try readRecords(&scanner, into: &functions, continuing: false, boundary: nil)
  }

  /// Reads records of the array the scanner is at (its `[`), or, `continuing`, from the
  /// element the scanner is at onward, as `JSONScanner.readElements` reads elements; a `stop`
  /// that turns true (the other half of a reading in halves was taken) ends it with
  /// `CancellationError`.
  static func readRecords(
    _ scanner: inout JSONScanner, into functions: inout [FunctionRecord], continuing: Bool,
    boundary: Int?, stop: (() -> Bool)? = nil
  ) throws -> Bool {
    var lastFilename: String?
    return try scanner.readElements(continuing: continuing, boundary: boundary) { scanner in
      if let stop, stop() { throw CancellationError() }
      let index = functions.count
      do {
        functions.append(try readFunction(&scanner, lastFilename: &lastFilename))
      } catch var error as JSONScanError where !error.truncated {
        error.message = "in functions[\(index)]" + error.message
        throw error
      }
    }
  }

  /// - Parameter lastFilename: the previous record's last file, shared when it is this one's.
  private static func readFunction(_ scanner: inout JSONScanner, lastFilename: inout String?)
    throws -> FunctionRecord
  {
    var name: String?
    do {
      return try readFields(&scanner, name: &name, lastFilename: &lastFilename)
    } catch var error as JSONScanError where !error.truncated {
      // llvm-cov writes "count" and "filenames" before "name": name the record when known.
      error.message = (name.map { " (\($0))" } ?? "") + ": " + error.message
      throw error
    }
  }

  private static func readFields(
    _ scanner: inout JSONScanner, name: inout String?, lastFilename: inout String?
  ) throws
    -> FunctionRecord
  {
    var count: UInt64?
    var regions: [Region] = []
    var filenames: [String] = []
    try scanner.readObject { scanner, key in
      if key == "name" {
        name = try scanner.readString()
      } else if key == "count" {
        count = try scanner.readCount("count")
      } else if key == "regions" {
        try scanner.readArray { scanner in
          regions.append(try readRegion(&scanner, number: regions.count))
        }
      } else if key == "filenames" {
        try scanner.readArray { scanner in
          filenames.append(try scanner.readString(reusing: lastFilename))
          lastFilename = filenames.last
        }
      }
    }
    guard let name else { throw scanner.error("the record has no \"name\"") }
    guard let count else { throw scanner.error("the record has no \"count\"") }
    for region in regions where !fits(region, fileCount: filenames.count) {
      throw scanner.error("it has a region in a file it does not list (file #\(region.fileID))")
    }
    return FunctionRecord(name: name, count: count, regions: regions, filenames: filenames)
  }

  /// region = `[lineStart, colStart, lineEnd, colEnd, count, fileID, expandedFileID, kind]`.
  private static func readRegion(_ scanner: inout JSONScanner, number: Int) throws -> Region {
    // Eight fields in a fixed-size value: no array to allocate for each of a million regions.
    var fields: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
    var count: UInt64 = 0
    var index = 0
    // As llvm-cov writes them, within their limits: read in one pass. Anything else is read
    // field by field below, which names what is wrong.
    var compact: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
      (0, 0, 0, 0, 0, 0, 0, 0)
    let start = scanner.position
    let readCompact = withUnsafeMutableBytes(of: &compact) { raw in
      let values = raw.assumingMemoryBound(to: UInt64.self)
      return scanner.readCompactWholeNumbers(into: values) && withinLimits(values)
    }
    if readCompact {
      fields = (
        Int(compact.0), Int(compact.1), Int(compact.2), Int(compact.3), 0, Int(compact.5),
        Int(compact.6), Int(compact.7)
      )
      count = compact.4
      index = 8
    } else {
      scanner.position = start
      try readFields(&scanner, number: number, into: &fields, count: &count, index: &index)
    }
    return try region(fields, count: count, fieldCount: index, number: number, scanner)
  }

  /// Whether a region's fields read in one pass are within what the field-by-field reading
  /// accepts.
  private static func withinLimits(_ fields: UnsafeMutableBufferPointer<UInt64>) -> Bool {
    fields[0] <= UInt64(ExportLimits.line) && fields[2] <= UInt64(ExportLimits.line)
      && fields[1] <= UInt64(ExportLimits.column) && fields[3] <= UInt64(ExportLimits.column)
      && fields[4] <= UInt64(Int64.max) && fields[5] <= UInt64(ExportLimits.fileIndex)
      && fields[6] <= UInt64(ExportLimits.fileIndex) && fields[7] <= UInt64(UInt8.max)
  }

  /// A region's fields read one by one, each error naming its field.
  private static func readFields(
    _ scanner: inout JSONScanner, number: Int,
    into fields: inout (Int, Int, Int, Int, Int, Int, Int, Int), count: inout UInt64,
    index: inout Int
  ) throws {
    try scanner.readArray { scanner in
      func line(_ end: String) throws -> Int {
        try scanner.readInt(
          upTo: ExportLimits.line, "regions[\(number)] \(end) line", limit: ExportLimits.lineReason)
      }
      func column(_ end: String) throws -> Int {
        try scanner.readInt(
          upTo: ExportLimits.column, "regions[\(number)] \(end) column",
          limit: ExportLimits.columnReason)
      }
      func file(_ which: String) throws -> Int {
        try scanner.readInt(
          upTo: ExportLimits.fileIndex, "regions[\(number)] \(which) index",
          limit: ExportLimits.fileIndexReason)
      }
      switch index {
      case 0: fields.0 = try line("start")
      case 1: fields.1 = try column("start")
      case 2: fields.2 = try line("end")
      case 3: fields.3 = try column("end")
      case 4: count = try scanner.readCount("regions[\(number)] count")
      case 5: fields.5 = try file("file")
      case 6: fields.6 = try file("expanded file")
      case 7:
        fields.7 = try scanner.readInt(
          upTo: Int(UInt8.max), "regions[\(number)] kind", limit: "kinds are 0-6")
      default: throw scanner.error("regions[\(number)] has more than 8 fields")
      }
      index += 1
    }
  }

  /// The region of `fields`, checked (`fieldCount` of them read).
  private static func region(
    _ fields: (Int, Int, Int, Int, Int, Int, Int, Int), count: UInt64, fieldCount index: Int,
    number: Int, _ scanner: JSONScanner
  ) throws -> Region {
    guard index == 8 else {
      throw scanner.error("regions[\(number)] has \(index) fields, expected 8")
    }
    guard let kind = Region.Kind(rawValue: fields.7) else {
      throw scanner.error("regions[\(number)] has the unknown kind \(fields.7)")
    }
    let region = Region(
      lineStart: fields.0, columnStart: fields.1, lineEnd: fields.2, columnEnd: fields.3,
      count: count, fileID: fields.5, expandedFileID: fields.6, kind: kind)
    guard region.lineStart >= 1, region.start <= region.end else {
      throw scanner.error(
        "regions[\(number)] ends (\(region.lineEnd):\(region.columnEnd)) before it starts (\(region.lineStart):\(region.columnStart)) or starts on line 0"
      )
    }
    return region
  }

  /// Whether the region's files are among the record's `filenames`.
  private static func fits(_ region: Region, fileCount: Int) -> Bool {
    guard region.fileID < fileCount else { return false }
    return region.kind != .expansion || region.expandedFileID < fileCount
  }
}
