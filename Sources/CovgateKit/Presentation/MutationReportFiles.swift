import CoverageModel
import CoverageReports
import Foundation
import Mutation

/// The files of a mutation report in the formats chosen, each with its contents: the text
/// report goes to standard output only, so it has none.
struct MutationReportFiles {
  let report: MutationReport
  /// The package root, where the HTML report reads the survivors' sources.
  let root: String
  /// The output folder the files go to.
  let folder: String

  func files(_ formats: Set<MutationFormat>) throws -> [(path: String, contents: String)] {
    var files: [(path: String, contents: String)] = []
    if formats.contains(.json) {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      files.append(
        (
          "\(folder)/\(MutationReport.fileName)",
          String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
        ))
    }
    if formats.contains(.markdown) {
      files.append(
        ("\(folder)/\(MutationMarkdownReport.fileName)", MutationMarkdownReport.render(report)))
    }
    // The survivors' sources: the page shows them, SARIF counts their columns in UTF-16.
    var sources: [String: String] = [:]
    if formats.contains(.html) || formats.contains(.sarif) {
      for file in Set(report.survivors.map(\.mutant.file)) {
        sources[file] = try? String(contentsOfFile: "\(root)/\(file)", encoding: .utf8)
      }
    }
    if formats.contains(.html) {
      files.append(
        (
          "\(folder)/\(MutationHTMLReport.fileName)",
          MutationHTMLReport.render(report, sources: sources)
        ))
    }
    if formats.contains(.sonarqube) {
      files.append(
        (
          "\(folder)/\(MutationSonarQubeReport.fileName)",
          try MutationSonarQubeReport.render(report)
        ))
    }
    if formats.contains(.sarif) {
      files.append(
        (
          "\(folder)/\(MutationSARIFReport.fileName)",
          try MutationSARIFReport.render(
            report, version: CovgateVersion.current, sources: sources)
        ))
    }
    return files
  }
}
