import CoverageModel

/// Attaches to each file what reports show beyond figures: its functions and the code regions
/// that never ran, from the export's function records.
public enum FileDetails {
  /// Fills `functions` and `missedRegions` of every file that has function records.
  /// - Parameter displayName: turns a mangled name into the name people read.
  public static func attach(to data: inout CoverageData, displayName: (String) -> String = { $0 }) {
    var functionsByFile: [String: [FunctionCoverage]] = [:]
    var regionsByFile: [String: [SourceRange: UInt64]] = [:]
    for record in data.functions {
      if let first = record.regions.first(where: { $0.kind == .code }),
        record.filenames.indices.contains(first.fileID)
      {
        functionsByFile[record.filenames[first.fileID], default: []].append(
          FunctionCoverage(
            name: record.name, displayName: displayName(record.name), line: first.lineStart,
            column: first.columnStart, count: record.count))
      }
      // Identical ranges (instantiations of one generic) ran if any of them ran.
      for region in record.regions
      where region.kind == .code && record.filenames.indices.contains(region.fileID) {
        let range = SourceRange(start: region.start, end: region.end)
        let file = record.filenames[region.fileID]
        regionsByFile[file, default: [:]][range] = max(
          regionsByFile[file]?[range] ?? 0, region.count)
      }
    }
    for index in data.files.indices {
      let path = data.files[index].path
      data.files[index].functions = (functionsByFile[path] ?? []).sorted {
        ($0.line, $0.column, $0.name) < ($1.line, $1.column, $1.name)
      }
      data.files[index].missedRegions = (regionsByFile[path] ?? [:]).filter { $0.value == 0 }.keys
        .sorted()
    }
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
