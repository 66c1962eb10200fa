import CoverageModel
import CovgateSupport
import LLVMCoverage

/// Builds the test map of a per-test run: each test's raw profiles, read directly, against the
/// function records of the package's kept files.
enum TestMapBuilder {
  static func build(
    report: CoverageReport, functions records: [FunctionRecord], tests: [TestCaseResult],
    profiles: [[String]],
    commit: String
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
    let read = profiles.concurrentMap { paths in
      Result { try paths.map { try RawProfile.read(path: $0) } }
    }
    var ran: [[Int]] = []
    var binaries = Set<String>()
    for result in read {
      let profiles = try result.get()
      var indexes = Set<Int>()
      for profile in profiles {
        binaries.formUnion(profile.binaryIDs)
        for (nameRef, count) in profile.entryCounts where count > 0 {
          if let index = byNameRef[nameRef] { indexes.insert(index) }
        }
      }
      ran.append(indexes.sorted())
    }
    return TestMap(
      commit: commit, binaries: binaries.sorted(), tests: tests, functions: functions, ran: ran,
      linesNeverRun: linesNeverRun(report))
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
