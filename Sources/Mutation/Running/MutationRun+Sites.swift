import CoverageGate
import CoverageModel
import Foundation

extension MutationRun {
  /// Each file of a gated layer in scope, its text and its sites; the code not mutated.
  func sites(in report: CoverageReport, scope: MutationScope, root: String) throws -> (
    [(String, String, [MutationSite])], [SkippedMutationSite]
  ) {
    let gated = Set(report.layers.filter(\.gated).map(\.name))
    let excluded = Dictionary(grouping: report.exclusions, by: \.path)
    var files: [(String, String, [MutationSite])] = []
    var skipped: [SkippedMutationSite] = []
    for file in report.files where gated.contains(file.layer) && file.path.hasSuffix(".swift") {
      guard let lines = scope.lines(of: file.path),
        let text = try? String(contentsOfFile: "\(root)/\(file.path)", encoding: .utf8)
      else { continue }
      let markers = excluded[file.path] ?? []
      let found = MutantFinder.sites(
        in: text, file: file.path,
        inScope: { line in lines.map { $0.contains(line) } ?? true },
        ignoredCalls: Set(settings.config.mutation.ignoredCalls))
      var kept: [MutationSite] = []
      for site in found.sites {
        if markers.contains(where: {
          $0.wholeFile || ($0.firstLine...$0.lastLine).contains(site.line)
        }) {
          skipped.append(
            SkippedMutationSite(
              file: file.path, line: site.line, reason: "under a covgate:ignore marker"))
        } else {
          kept.append(site)
        }
      }
      skipped += found.skipped
      if !kept.isEmpty { files.append((file.path, text, kept)) }
    }
    return (
      files,
      Array(Set(skipped)).sorted { ($0.file, $0.line, $0.reason) < ($1.file, $1.line, $1.reason) }
    )
  }
}
