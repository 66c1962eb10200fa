import CoverageModel
import Foundation

/// Turns Cobertura XML reports into covgate's coverage data: per source file, the lines its
/// classes count. Cobertura's functions (`<method>`) are not read (producers fill them unevenly,
/// slather not at all, gcovr 7 not at all), so functions, regions and instantiations stay
/// `n/a`, never 0%. Several reports merge line by line, as LCOV tracefiles do.
public enum CoberturaCoverage {
  /// Reads and merges `paths`. A class's file name is placed on this machine by `source`;
  /// `lineCount` finds a report older than the source (`staleSources`).
  public static func read(
    paths: [String], root: String, lineCount: (String) -> Int? = { _ in nil },
    exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
  ) throws -> CoverageData {
    var notes: [String] = []
    let runs = try paths.map { path in
      let report = try CoberturaParser.read(path: path)
      let placed = report.records.map { record in
        var resolved = record
        resolved.source = Self.source(
          record.source, sources: report.sources, root: root, exists: exists)
        return resolved
      }
      let (records, repeated) = countedOnce(placed)
      if let stated = report.statedLines {
        let lines = records.reduce((found: 0, hit: 0)) { sum, record in
          (sum.found + record.lines.count, sum.hit + record.lines.count { $0.count > 0 })
        }
        if lines.found != stated.found || lines.hit != stated.hit {
          notes.append(
            "\((path as NSString).lastPathComponent): its header says \(stated.hit)/\(stated.found) lines hit, its classes' lines are \(lines.hit)/\(lines.found): covgate counts the lines"
          )
        }
      }
      if repeated.classes > 0 {
        notes.append(
          "\((path as NSString).lastPathComponent): \(repeated.files) file\(repeated.files == 1 ? " is" : "s are") listed by several classes (\(repeated.classes) more: a class listed twice, one package per executable, inner classes): each line counted once, with its highest hits"
        )
      }
      return records
    }
    var data = try LCOVCoverage.data(runs, from: paths, root: root, lineCount: lineCount)
    data.capabilities = .cobertura
    data.inputNotes = notes + data.inputNotes
    return data
  }

  /// A class's file name as a path on this machine, backslashes read as slashes:
  /// 1. absolute as written (a drive's included: path detection or `--path-map` moves it);
  /// 2. under a `<source>` folder that holds it here;
  /// 3. under the checkout (`root`): as written, or under a trailing part of a `<source>`
  ///    folder (a CI runner's `/home/runner/work/app/app/src` is the checkout's `src`; gcovr's
  ///    `../..` is where the producer ran), or as a trailing part of itself (OpenCppCoverage
  ///    names `develop\project\src\a.c` from the drive's root), the first that exists;
  /// 4. else as written, relative to the root.
  static func source(
    _ file: String, sources: [String], root: String, exists: (String) -> Bool
  ) -> String {
    let file = WindowsPath.slashed(file)
    if file.hasPrefix("/") || WindowsPath.hasDrive(file) { return file }
    let folders = sources.map(WindowsPath.slashed)
    for folder in folders where folder.hasPrefix("/") {
      let candidate = (folder as NSString).appendingPathComponent(file)
      if exists(candidate) { return candidate }
    }
    // Made one at a time, so that the usual case (the file as written, under the checkout)
    // costs one look at the disk and no list of every other candidate.
    func here(_ candidate: String) -> String? {
      exists("\(root)/\(candidate)") ? "\(root)/\(candidate)" : nil
    }
    if let found = here(file) { return found }
    for folder in folders {
      let parts = folder.split(separator: "/").filter {
        $0 != "." && $0 != ".." && !WindowsPath.hasDrive(String($0))
      }
      for count in stride(from: 1, through: parts.count, by: 1) {
        let candidate = (parts.suffix(count) + [Substring(file)]).joined(separator: "/")
        if let found = here(candidate) { return found }
      }
    }
    let own = file.split(separator: "/")
    for drop in stride(from: 1, to: own.count, by: 1) {
      if let found = here(own.dropFirst(drop).joined(separator: "/")) { return found }
    }
    return file
  }

  /// One report's records with each file once: a file several classes name (slather lists each
  /// class twice; OpenCppCoverage one package per executable; Java's inner classes repeat their
  /// file's lines) has each line once, with its highest hits, so a line is neither counted
  /// twice nor its hits doubled. Also how many files and extra classes there were.
  static func countedOnce(_ records: [LCOVRecord]) -> ([LCOVRecord], (files: Int, classes: Int)) {
    var merged: [LCOVRecord] = []
    var index: [String: Int] = [:]
    var extra: [String: Int] = [:]
    for record in records {
      guard let known = index[record.source] else {
        index[record.source] = merged.count
        merged.append(record)
        continue
      }
      extra[record.source, default: 0] += 1
      var hits: [Int: UInt64] = [:]
      for line in merged[known].lines { hits[line.line] = max(hits[line.line] ?? 0, line.count) }
      for line in record.lines { hits[line.line] = max(hits[line.line] ?? 0, line.count) }
      merged[known].lines = hits.keys.sorted().map { LineCount(line: $0, count: hits[$0]!) }
    }
    return (merged, (extra.count, extra.values.reduce(0, +)))
  }
}
