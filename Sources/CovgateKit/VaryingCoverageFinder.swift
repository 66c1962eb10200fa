import CoverageModel
import LLVMCoverage

/// Finds what ran in some of a repeated run's runs and not in others, in the report's kept files.
enum VaryingCoverageFinder {
  /// - Parameter exports: one llvm-cov export per run.
  static func find(report: CoverageReport, exports: [String]) throws -> VaryingCoverage {
    let runs = try exports.map { try ExportReader.read(path: $0, options: .init(functions: true, lineViews: true)) }
    var files: [VaryingCoverage.File] = []
    for file in report.files {
      let exportPath = file.coverage.path
      let views = runs.compactMap { run in run.files.first { $0.path == exportPath }?.lineView }
      let lines = views.count == runs.count ? VaryingCoverage.lines(views) : []
      // Per run, the functions of this file that ran.
      let ran = runs.map { run in
        Set(run.functions.filter { $0.filenames.first == exportPath && $0.count > 0 }.map(\.name))
      }
      let all = Set(runs.flatMap { run in run.functions.filter { $0.filenames.first == exportPath }.map(\.name) })
      let functions = all.filter { name in
        let count = ran.filter { $0.contains(name) }.count
        return count > 0 && count < runs.count
      }.sorted()
      if !lines.isEmpty || !functions.isEmpty {
        files.append(VaryingCoverage.File(path: file.path, lines: lines, functions: functions))
      }
    }
    return VaryingCoverage(runs: exports.count, files: files)
  }
}
