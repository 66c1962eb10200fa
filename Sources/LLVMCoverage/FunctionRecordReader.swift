import CoverageModel

/// Reads the `functions[]` array of an llvm-cov export into `FunctionRecord`s.
///
/// Keeps name, count, regions and filenames; skips `branches` and `mcdc_records`.
enum FunctionRecordReader {
  /// Reads every record of the array the scanner is at.
  static func readFunctions(_ scanner: inout JSONScanner, into functions: inout [FunctionRecord])
    throws
  {
    try scanner.readArray { scanner in
      functions.append(try readFunction(&scanner))
    }
  }

  private static func readFunction(_ scanner: inout JSONScanner) throws -> FunctionRecord {
    var name: String?
    var count: UInt64?
    var regions: [Region] = []
    var filenames: [String] = []
    try scanner.readObject { scanner, key in
      if key == "name" {
        name = try scanner.readString()
      } else if key == "count" {
        count = try scanner.readCount()
      } else if key == "regions" {
        try scanner.readArray { scanner in regions.append(try readRegion(&scanner)) }
      } else if key == "filenames" {
        try scanner.readArray { scanner in filenames.append(try scanner.readString()) }
      }
    }
    guard let name else { throw scanner.error("a function record has no \"name\"") }
    guard let count else { throw scanner.error("the function record \(name) has no \"count\"") }
    for region in regions where !fits(region, fileCount: filenames.count) {
      throw scanner.error(
        "the function record \(name) has a region in a file it does not list (file #\(region.fileID))"
      )
    }
    return FunctionRecord(name: name, count: count, regions: regions, filenames: filenames)
  }

  /// region = `[lineStart, colStart, lineEnd, colEnd, count, fileID, expandedFileID, kind]`.
  private static func readRegion(_ scanner: inout JSONScanner) throws -> Region {
    var fields = [Int](repeating: 0, count: 8)
    var count: UInt64 = 0
    var index = 0
    try scanner.readArray { scanner in
      switch index {
      case 4: count = try scanner.readCount()
      case 0..<8: fields[index] = try scanner.readInt()
      default: throw scanner.error("a region has more than 8 fields")
      }
      index += 1
    }
    guard index == 8 else { throw scanner.error("a region has \(index) fields, expected 8") }
    guard let kind = Region.Kind(rawValue: fields[7]) else {
      throw scanner.error("a region has the unknown kind \(fields[7])")
    }
    let region = Region(
      lineStart: fields[0], columnStart: fields[1], lineEnd: fields[2], columnEnd: fields[3],
      count: count, fileID: fields[5], expandedFileID: fields[6], kind: kind)
    guard region.lineStart >= 1, region.start <= region.end,
      region.lineEnd < LineViewBuilder.maximumLine
    else {
      throw scanner.error("a region ends before it starts or lies past any real line")
    }
    return region
  }

  /// Whether the region's files are among the record's `filenames`.
  private static func fits(_ region: Region, fileCount: Int) -> Bool {
    guard region.fileID < fileCount else { return false }
    return region.kind != .expansion || region.expandedFileID < fileCount
  }
}
