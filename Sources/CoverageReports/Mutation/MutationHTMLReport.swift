import CoverageModel
import Mutation

/// `covgate mutate`'s report as one static page: the score per layer, then each survivor in its
/// source (the lines around it, its own line marked, the code before and after, the tests that
/// ran it). Self-contained, so it can be published beside the coverage site or on its own.
public enum MutationHTMLReport {
  public static let fileName = "covgate-mutation.html"
  /// Lines of source shown before and after a survivor's line.
  static let context = 2

  /// - Parameter sources: the text of each package-relative file with survivors.
  public static func render(_ report: MutationReport, sources: [String: String]) -> String {
    // A shard's part is not gated on its own: `covgate mutate merge` gates the whole run.
    let status =
      report.shard.map { "Shard \($0.index)/\($0.count), not gated alone" }
      ?? (report.passed ? "Passed" : "Failed")
    var html = """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>covgate mutate: \(escape(report.packageName))</title>
      <style>\(stylesheet)</style></head><body><main>
      <h1>covgate mutate: \(escape(report.packageName))</h1>
      <p>\(report.results.count) mutants on \(escape(report.scope)): \(escape(MutationTextReport.summary(all(report)))).
      <strong class="\(report.passed ? "passed" : "failed")">\(status)</strong></p>

      """
    html += layerTable(report)
    if let statics = report.staticMutants {
      html +=
        "<p>\(escape(MutationTextReport.staticSentence(statics))): \(escape(MutationTextReport.summary(statics))).</p>\n"
    }
    for verdict in report.verdicts {
      html +=
        "<p class=\"verdict \(verdict.status.rawValue == "n/a" ? "na" : verdict.status.rawValue)\">\(escape(verdict.message))</p>\n"
    }
    let survivors = report.survivors
    html += "<h2>\(survivors.count) survivors</h2>\n"
    if survivors.isEmpty { html += "<p>Every mutant the tests ran was noticed.</p>\n" }
    for group in SurvivorGroup.grouping(survivors) {
      html += survivorSection(group, source: sources[group.file])
    }
    return html + "</main></body></html>\n"
  }

  static func all(_ report: MutationReport) -> MutationScore {
    MutationScore(
      name: "all", counts: Dictionary(grouping: report.results, by: \.outcome).mapValues(\.count))
  }

  private static func layerTable(_ report: MutationReport) -> String {
    var rows = ""
    for layer in report.layers {
      let metric = layer.metric
      let cells = [
        escape(layer.name), metric.formattedPercent,
        "\(layer.count(.killed) + layer.count(.crashed))", "\(layer.count(.survived))",
        "\(layer.count(.timedOut))", "\(layer.count(.noCoverage))", "\(layer.count(.unviable))",
      ]
      rows += "<tr>" + cells.map { "<td>\($0)</td>" }.joined() + "</tr>\n"
    }
    return """
      <div class="scroll"><table><thead><tr><th>Layer</th><th>Score</th><th>Killed</th><th>Survived</th>\
      <th>Timed out</th><th>No coverage</th><th>Unviable</th></tr></thead><tbody>
      \(rows)</tbody></table></div>

      """
  }

  /// One line's survivors: each change, the tests that ran the line, the lines around it.
  private static func survivorSection(_ group: SurvivorGroup, source: String?) -> String {
    let kinds = group.mutants.map(\.kind.rawValue)
    var html = """
      <section><h3><code>\(escape(group.file)):\(group.line)</code> \(escape(kinds.joined(separator: ", ")))</h3>
      <ul>
      """
    for mutant in group.mutants {
      html += """
        <li id="m\(mutant.id)"><code class="before">\(escape(mutant.original))</code> becomes \
        \(mutant.mutated.isEmpty ? "nothing (the call is removed)" : "<code class=\"after\">\(escape(mutant.mutated))</code>")</li>
        """
    }
    html += "</ul>\n<p>Ran by \(escape(MutationTextReport.testList(group.tests))).</p>\n"
    if let source {
      let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
      let first = max(1, group.line - context)
      let last = min(lines.count, group.line + context)
      if first <= last {
        html += "<pre>"
        for number in first...last {
          let marked = number == group.line ? " class=\"survivor\"" : ""
          html += "<span\(marked)><b>\(number)</b> \(escape(String(lines[number - 1])))</span>"
        }
        html += "</pre>\n"
      }
    }
    return html + "</section>\n"
  }

  static func escape(_ text: String) -> String { HTMLEscaping.escape(text) }

  static let stylesheet = """
    body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1d1d1f;background:#fff}\
    main{max-width:72rem;margin:0 auto;padding:1rem}\
    h1{font-size:1.4rem}h2{font-size:1.2rem;margin-top:2rem}h3{font-size:1rem;overflow-wrap:anywhere}\
    p,li{overflow-wrap:anywhere}\
    .scroll{overflow-x:auto}table{border-collapse:collapse}td,th{padding:.25rem .6rem;border-bottom:1px solid #ddd;text-align:right}\
    td:first-child,th:first-child{text-align:left}\
    .passed{color:#1a7f37}.failed{color:#cf222e}.verdict.failed{font-weight:600}\
    pre{overflow-x:auto;background:#f6f8fa;padding:.5rem;font-size:13px}\
    pre span{display:block;white-space:pre}pre b{display:inline-block;width:3.5em;color:#888;font-weight:400}\
    .survivor{background:#ffebe9}code{overflow-wrap:anywhere}.before{background:#ffebe9}.after{background:#dafbe1}
    """
}
