import CoverageModel
import Foundation

/// Turns Cobertura XML reports into covgate's coverage data: per source file, the lines its
/// classes count. Cobertura's functions (`<method>`) are not read (producers fill them unevenly,
/// slather not at all), so functions, regions and instantiations stay `n/a`, never 0%.
/// Several reports merge line by line, as LCOV tracefiles do.
public enum CoberturaCoverage {
  /// Reads and merges `paths`. A class's file name is taken from the first `<source>` folder
  /// that holds it on this machine, else from `root` (a report made on another machine names
  /// that machine's folder); `lineCount` refuses a report older than the source.
  public static func read(
    paths: [String], root: String, lineCount: (String) -> Int? = { _ in nil },
    exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
  ) throws -> CoverageData {
    let runs = try paths.map { path in
      let report = try CoberturaParser.read(path: path)
      return report.records.map { record in
        var resolved = record
        resolved.source = Self.source(record.source, sources: report.sources, exists: exists)
        return resolved
      }
    }
    var data: CoverageData
    do {
      data = try LCOVCoverage.data(runs, from: paths, root: root, lineCount: lineCount)
    } catch LCOVError.beyondEnd(let path, let source, let line, let count) {
      throw CoberturaError.beyondEnd(path: path, source: source, line: line, lineCount: count)
    }
    data.capabilities = .cobertura
    return data
  }

  /// A class's file name as a path: absolute as written, else under the first `<source>`
  /// folder that holds it, else as written (relative to the package root).
  static func source(_ file: String, sources: [String], exists: (String) -> Bool) -> String {
    guard !file.hasPrefix("/") else { return file }
    for folder in sources where folder.hasPrefix("/") {
      let candidate = (folder as NSString).appendingPathComponent(file)
      if exists(candidate) { return candidate }
    }
    return file
  }
}
