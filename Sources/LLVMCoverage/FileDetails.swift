import CoverageModel
import CovgateSupport

/// Attaches to each file what reports show beyond figures: its functions and the code regions
/// that never ran, from the export's function records.
public enum FileDetails {
  /// Fills `functions` and `missedRegions` of every file that has function records; returns,
  /// per file, the index of each of its functions' record.
  /// - Parameter displayName: turns a mangled name into the name people read.
  @discardableResult
  public static func attach(
    to data: inout CoverageData, displayName: @Sendable (String) -> String = { $0 }
  ) -> [[Int]] {
    // Files by index: a path is hashed once per run of records in one file, not per record.
    let fileIndex = PathIndex(data.files.map(\.path))
    // The records in two halves, on two threads: a file's lists are the first half's then the
    // second's, in record order, as one pass over the records makes them.
    let functions = data.functions
    let fileCount = data.files.count
    let middle = functions.count / 2
    let halves = [0..<middle, middle..<functions.count].concurrentMap { range in
      collect(functions[range], fileCount: fileCount, index: fileIndex)
    }
    var records: [[Int]] = []
    var made: [(functions: [FunctionCoverage], records: [Int])?] = Array(
      repeating: nil, count: fileCount)
    var index = fileIndex
    let places = data.files.indices.map { index.place(of: data.files[$0].path) ?? $0 }
    let missedByFile = Array(0..<fileCount).concurrentMap { file in
      missed(halves[0].regions[file] + halves[1].regions[file])
    }
    for index in data.files.indices {
      // A path listed twice gets the functions of its first listing, as every listing did.
      let file = places[index]
      if made[file] == nil {
        var starts = halves[0].functions[file] + halves[1].functions[file]
        // By place, then name: the names (copied into a tuple, retained) only on a tie.
        starts.sort { left, right in
          if left.line != right.line { return left.line < right.line }
          if left.column != right.column { return left.column < right.column }
          return functions[left.record].name < functions[right.record].name
        }
        // Each function made once, from its record: no copies of made functions.
        let attached = starts.map { start in
          let name = functions[start.record].name
          return FunctionCoverage(
            name: name, displayName: displayName(name), line: start.line, column: start.column,
            count: functions[start.record].count)
        }
        made[file] = (attached, starts.map(\.record))
      }
      data.files[index].functions = made[file]!.functions
      records.append(made[file]!.records)
      data.files[index].missedRegions = missedByFile[file]
    }
    return records
  }

  /// Per file (by `index`), where the functions whose body is in it start, with their record's
  /// index in the export, and the code regions in it, of the records in `slice`.
  private static func collect(
    _ slice: ArraySlice<FunctionRecord>, fileCount: Int, index: PathIndex
  ) -> (
    functions: [[(line: Int, column: Int, record: Int)]],
    regions: [[(range: SourceRange, count: UInt64)]]
  ) {
    var fileIndex = index
    var functionsByFile = Array(
      repeating: [(line: Int, column: Int, record: Int)](), count: fileCount)
    var regionsByFile = Array(
      repeating: [(range: SourceRange, count: UInt64)](), count: fileCount)
    // A record's files by its own numbering, in one array reused record after record.
    var files: [Int?] = []
    // Records read in place: a copy of each would retain and release its name, regions and
    // file names.
    slice.withUnsafeBufferPointer { records in
      for offset in records.indices {
        files.removeAll(keepingCapacity: true)
        for nameIndex in records[offset].filenames.indices {
          files.append(fileIndex.place(of: records[offset].filenames[nameIndex]))
        }
        func place(_ fileID: Int) -> Int? { files.indices.contains(fileID) ? files[fileID] : nil }
        records[offset].regions.withUnsafeBufferPointer { regions in
          if let first = regions.first(where: { $0.kind == .code }), let file = place(first.fileID)
          {
            functionsByFile[file].append(
              (first.lineStart, first.columnStart, slice.startIndex + offset))
          }
          for region in regions where region.kind == .code {
            guard let file = place(region.fileID) else { continue }
            regionsByFile[file].append(
              (SourceRange(start: region.start, end: region.end), region.count))
          }
        }
      }
    }
    return (functionsByFile, regionsByFile)
  }

  /// The ranges that never ran: identical ranges (instantiations of one generic) ran if any of
  /// them ran. Sorted, by sorting rather than hashing every region.
  private static func missed(_ regions: [(range: SourceRange, count: UInt64)]) -> [SourceRange] {
    let sorted = regions.sorted { $0.range < $1.range }
    var missed: [SourceRange] = []
    var index = 0
    while index < sorted.count {
      var ran = false
      var next = index
      while next < sorted.count, sorted[next].range == sorted[index].range {
        ran = ran || sorted[next].count > 0
        next += 1
      }
      if !ran { missed.append(sorted[index].range) }
      index = next
    }
    return missed
  }
}
