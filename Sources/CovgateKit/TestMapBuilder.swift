import CoverageAcquisition
import CoverageModel
import CovgateSupport
import LLVMCoverage

/// Builds the test map of a per-test run: each test's raw profiles, read directly, against the
/// function records of the package's kept files; with the test binaries' coverage mapping, also
/// the lines each test ran.
enum TestMapBuilder {
  /// `mapping`: the test binaries' coverage mapping (`mapping(binaries:platform:)`); without
  /// it the map has no line data.
  static func build(
    report: CoverageReport, functions records: [FunctionRecord], tests: [TestCaseResult],
    profiles: [[String]],
    commit: String, mapping: CoverageMapping? = nil
  ) throws -> TestMap {
    // Function records name files by the export's own paths; the map by package-relative ones.
    let relative = Dictionary(report.files.map { ($0.coverage.path, $0.path) }) { first, _ in first
    }
    var functions: [TestMap.Function] = []
    var exportPaths: [String] = []
    var seen = Set<String>()
    for record in records {
      guard let exportPath = record.filenames.first, let file = relative[exportPath] else {
        continue
      }
      let regions = record.regions.filter { $0.fileID == 0 }
      guard let first = regions.map(\.lineStart).min(), let last = regions.map(\.lineEnd).max(),
        seen.insert(record.name + "\u{0}" + file).inserted
      else { continue }
      functions.append(
        TestMap.Function(name: record.name, file: file, firstLine: first, lastLine: last))
      exportPaths.append(exportPath)
    }
    let order = functions.indices.sorted {
      (functions[$0].file, functions[$0].firstLine, functions[$0].name)
        < (functions[$1].file, functions[$1].firstLine, functions[$1].name)
    }
    functions = order.map { functions[$0] }
    exportPaths = order.map { exportPaths[$0] }
    var byNameRef: [UInt64: Int] = [:]
    for (index, function) in functions.enumerated() {
      for nameRef in RawProfile.nameRefs(name: function.name, file: exportPaths[index]) {
        byNameRef[nameRef] = index
      }
    }
    let lines = mapping.map { mapping in
      TestLines(
        records: records.filter { relative[$0.filenames.first ?? ""] != nil }, mapping: mapping)
    }
    // Each test's profiles are read, and its lines found, on every core; only what the map
    // keeps comes back.
    let read = profiles.concurrentMap { paths in
      Result { () throws -> ([RawProfile], lines: [String: [Int]], failed: Set<String>) in
        let profiles = try paths.map { try RawProfile.read(path: $0, counters: lines != nil) }
        guard let lines else { return (profiles, [:], []) }
        var counters: [RawProfile.FunctionKey: [UInt64]] = [:]
        for profile in profiles {
          for (key, values) in profile.counters {
            if let earlier = counters[key], earlier.count == values.count {
              counters[key] = zip(earlier, values).map { $0 &+ $1 }
            } else {
              counters[key] = values
            }
          }
        }
        var found = lines.lines(counters: counters)
        found.lines = Dictionary(
          uniqueKeysWithValues: found.lines.compactMap { path, ran in
            relative[path].map { ($0, ran) }
          })
        // The counters stay here: only the entry counts are kept for every test at once.
        let entries = profiles.map { profile in
          var entries = profile
          entries.counters = [:]
          return entries
        }
        return (entries, found.lines, Set(found.failed.compactMap { relative[$0] }))
      }
    }
    var ran: [[Int]] = []
    var binaries = Set<String>()
    var linesRan: [[String: [[Int]]]] = []
    var failed = Set<String>()
    for result in read {
      let (profiles, lines, failures) = try result.get()
      var indexes = Set<Int>()
      for profile in profiles {
        binaries.formUnion(profile.binaryIDs)
        for (nameRef, count) in profile.entryCounts where count > 0 {
          if let index = byNameRef[nameRef] { indexes.insert(index) }
        }
      }
      ran.append(indexes.sorted())
      linesRan.append(lines.mapValues { TestMap.runs(of: $0) })
      failed.formUnion(failures)
    }
    // A file some test's counts could not be had for is said by function for every test.
    if !failed.isEmpty {
      for index in linesRan.indices {
        linesRan[index] = linesRan[index].filter { !failed.contains($0.key) }
      }
    }
    return TestMap(
      commit: commit, binaries: binaries.sorted(), tests: tests, functions: functions, ran: ran,
      linesNeverRun: linesNeverRun(report), linesRan: lines == nil ? nil : linesRan)
  }

  /// The coverage mapping of the test binaries, joined (the first record of a function wins
  /// over later ones, a real one over a dummy); nil, with why, when a binary's cannot be read:
  /// the map then has no line data and mutants are given the tests of their functions.
  static func mapping(binaries: [String], platform: any Platform) -> (CoverageMapping?, String?) {
    guard !binaries.isEmpty else { return (nil, "no test binary was found") }
    var joined = CoverageMapping(functions: [:])
    for binary in binaries {
      do {
        let sections = try platform.coverageSections(ofBinary: binary)
        let mapping = try sections.covmap.withUnsafeBytes { covmap in
          try sections.covfun.withUnsafeBytes { covfun in
            try CoverageMapping.parse(covmap: covmap, covfun: covfun)
          }
        }
        joined.functions.merge(mapping.functions) { kept, new in kept.isDummy ? new : kept }
      } catch let error as CoverageSectionsError {
        return (nil, error.description)
      } catch {
        return (nil, "\(binary): \(error)")
      }
    }
    return (joined, nil)
  }

  /// Per file, the runs of lines no test ran (the whole run's line views); nil without line
  /// views.
  static func linesNeverRun(_ report: CoverageReport) -> [String: [[Int]]]? {
    guard report.files.contains(where: { $0.coverage.lineView != nil }) else { return nil }
    var result: [String: [[Int]]] = [:]
    for file in report.files {
      guard let view = file.coverage.lineView else { continue }
      let never = view.uncoveredLines
      if !never.isEmpty { result[file.path] = TestMap.runs(of: never) }
    }
    return result
  }
}
