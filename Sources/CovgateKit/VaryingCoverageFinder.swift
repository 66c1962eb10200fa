import CoverageModel
import LLVMCoverage

/// Finds what ran in some of a repeated run's runs and not in others, in the report's kept files.
enum VaryingCoverageFinder {
  /// - Parameter exports: one llvm-cov export per run.
  static func find(report: CoverageReport, exports: [String]) throws -> VaryingCoverage {
    let runs = try exports.map {
      try ExportReader.read(path: $0, options: .init(functions: true, lineViews: true))
    }
    // Per run, indexed once by the export's path: views, and the functions defined there.
    let views = runs.map { run in
      Dictionary(run.files.map { ($0.path, $0.lineView) }) { first, _ in first }
    }
    let functions = runs.map { run in
      Dictionary(grouping: run.functions) { $0.filenames.first ?? "" }
    }
    var files: [VaryingCoverage.File] = []
    for file in report.files {
      let exportPath = file.coverage.path
      let fileViews = views.compactMap { $0[exportPath] ?? nil }
      let lines = fileViews.count == runs.count ? VaryingCoverage.lines(fileViews) : []
      let ran = functions.map { Set(($0[exportPath] ?? []).filter { $0.count > 0 }.map(\.name)) }
      let all = Set(functions.flatMap { ($0[exportPath] ?? []).map(\.name) })
      let varying = all.filter { name in
        let count = ran.filter { $0.contains(name) }.count
        return count > 0 && count < runs.count
      }.sorted()
      if !lines.isEmpty || !varying.isEmpty {
        files.append(VaryingCoverage.File(path: file.path, lines: lines, functions: varying))
      }
    }
    return VaryingCoverage(runs: exports.count, files: files)
  }
}
