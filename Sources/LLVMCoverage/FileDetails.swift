import CoverageModel

/// Attaches to each file what reports show beyond figures: its functions and the code regions
/// that never ran, from the export's function records.
public enum FileDetails {
  /// Fills `functions` and `missedRegions` of every file that has function records.
  /// - Parameter displayName: turns a mangled name into the name people read.
  public static func attach(to data: inout CoverageData, displayName: (String) -> String = { $0 }) {
    // Files by index: a path is hashed once per run of records in one file, not per record.
    var fileIndex = PathIndex(data.files.map(\.path))
    var functionsByFile = Array(repeating: [FunctionCoverage](), count: data.files.count)
    var regionsByFile = Array(
      repeating: [(range: SourceRange, count: UInt64)](), count: data.files.count)
    for record in data.functions {
      let files = record.filenames.map { fileIndex.place(of: $0) }
      if let first = record.regions.first(where: { $0.kind == .code }),
        files.indices.contains(first.fileID), let file = files[first.fileID]
      {
        functionsByFile[file].append(
          FunctionCoverage(
            name: record.name, displayName: displayName(record.name), line: first.lineStart,
            column: first.columnStart, count: record.count))
      }
      for region in record.regions
      where region.kind == .code && files.indices.contains(region.fileID) {
        guard let file = files[region.fileID] else { continue }
        regionsByFile[file].append(
          (SourceRange(start: region.start, end: region.end), region.count))
      }
    }
    for index in data.files.indices {
      // A path listed twice gets the functions of its first listing, as every listing did.
      let file = fileIndex.place(of: data.files[index].path) ?? index
      data.files[index].functions = functionsByFile[file].sorted {
        ($0.line, $0.column, $0.name) < ($1.line, $1.column, $1.name)
      }
      data.files[index].missedRegions = missed(regionsByFile[file])
    }
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

  /// Sets the readable name of every attached function (`attach` first, names when ready).
  public static func name(_ data: inout CoverageData, displayName: (String) -> String) {
    for file in data.files.indices {
      for function in data.files[file].functions.indices {
        data.files[file].functions[function].displayName = displayName(
          data.files[file].functions[function].name)
      }
    }
  }
}
