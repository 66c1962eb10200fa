import CoverageModel
import CoverageReports
import Foundation
import Mutation

/// `--mutation-report FILE`: the JSON a `covgate mutate` run wrote (`covgate-mutation.json`),
/// read into what the coverage reports show of it. Read before anything runs, so a wrong file
/// fails at once; checked against the sources, so a report of other code is refused, never shown
/// on the wrong lines.
enum MutationFindingsFile {
  /// The findings of the report at `path`; its HTML page is linked when it lies in the coverage
  /// site's folder (`outputFolder`) or below it.
  static func read(path: String, outputFolder: String) throws -> MutationFindings {
    func fail(_ reason: String) -> MutationReportFileError {
      MutationReportFileError(path: path, reason: reason)
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw fail(
        "no such file; pass the \(MutationReport.fileName) a covgate mutate run wrote (--format json)"
      )
    }
    let report: MutationReport
    do {
      report = try JSONDecoder().decode(MutationReport.self, from: data)
    } catch {
      throw fail(
        "not a covgate mutate report (\(DecodingErrorSummary.line(error))); pass the \(MutationReport.fileName) a covgate mutate run wrote"
      )
    }
    guard report.schemaVersion <= MutationReport.currentSchemaVersion else {
      throw fail(
        "schema version \(report.schemaVersion) is newer than this covgate reads (\(MutationReport.currentSchemaVersion)); update covgate"
      )
    }
    if let shard = report.shard {
      throw fail(
        "it is part \(shard.index) of \(shard.count) of a sharded run; merge the parts first (covgate mutate merge)"
      )
    }
    let folder = (path as NSString).deletingLastPathComponent
    return findings(of: report, page: page(in: folder, from: outputFolder))
  }

  /// What the coverage reports show of `report`; `page` is its HTML page relative to the
  /// coverage site's folder, when there is one there.
  static func findings(of report: MutationReport, page: String?) -> MutationFindings {
    MutationFindings(
      layers: report.layers.map { layer in
        MutationFindings.Layer(
          name: layer.name, score: layer.metric, survived: layer.count(.survived),
          timedOut: layer.count(.timedOut), noCoverage: layer.count(.noCoverage))
      },
      survivors: report.survivors.map { result in
        let mutant = result.mutant
        return MutationFindings.Survivor(
          id: mutant.id, file: mutant.file, line: mutant.line, column: mutant.column,
          kind: mutant.kind.rawValue, original: mutant.original, mutated: mutant.mutated,
          tests: result.tests)
      }.sorted { ($0.file, $0.line, $0.column, $0.id) < ($1.file, $1.line, $1.column, $1.id) },
      page: page)
  }

  /// Fails when a survivor's code is not where the report says in the package's source: the
  /// report is of other code (an older commit), and its marks would sit on the wrong lines.
  static func checkSurvivors(
    of findings: MutationFindings, path: String, source: (String) -> String?
  ) throws {
    for survivor in findings.survivors {
      let lines = source(survivor.file).map {
        $0.split(separator: "\n", omittingEmptySubsequences: false)
      }
      let line = lines.flatMap { survivor.line <= $0.count ? $0[survivor.line - 1] : nil }
      let start = line.map { Array($0.utf8).dropFirst(max(0, survivor.column - 1)) }
      guard let start, start.starts(with: Array(survivor.original.utf8)) else {
        throw MutationReportFileError(
          path: path,
          reason:
            "its survivor \(survivor.id) (`\(survivor.original)` at \(survivor.file):\(survivor.line):\(survivor.column)) is not in the source as it is now: the report is of other code; run covgate mutate again"
        )
      }
    }
  }

  /// The report's HTML page relative to the site's folder, when it is there or below it.
  private static func page(in folder: String, from outputFolder: String) -> String? {
    let html = URL(fileURLWithPath: folder).appendingPathComponent(MutationHTMLReport.fileName)
      .standardizedFileURL.path
    let site = URL(fileURLWithPath: outputFolder).standardizedFileURL.path + "/"
    guard FileManager.default.fileExists(atPath: html), html.hasPrefix(site) else { return nil }
    return String(html.dropFirst(site.count))
  }
}

/// A `--mutation-report` covgate cannot use: missing, not a mutate report, a shard's part, or of
/// other code than the sources.
struct MutationReportFileError: Error, CustomStringConvertible {
  var path: String
  var reason: String

  var description: String { "--mutation-report \(path): \(reason)" }
}
