import CoverageModel
import Mutation

/// `covgate mutate`'s report for a pull-request comment: the score per layer and the survivors
/// on the change, each with its code before and after.
public enum MutationMarkdownReport {
  public static let fileName = "covgate-mutation.md"

  /// `passed` or `failed`; a shard's part is not gated on its own.
  static func verdictWord(_ report: MutationReport) -> String {
    if let shard = report.shard { return "shard \(shard.index)/\(shard.count), not gated alone" }
    return report.passed ? "passed" : "failed"
  }

  public static func render(_ report: MutationReport) -> String {
    var lines = [
      "### covgate mutate: \(verdictWord(report))", "",
      "\(report.results.count) mutants on \(report.scope)."
        + (report.staticMutants.map {
          " Of them, \(MutationTextReport.staticSentence($0)): \(MutationTextReport.summary($0))."
        } ?? ""), "",
      "| Layer | Score | Killed | Survived | Timed out | No coverage | Unviable |",
      "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for layer in report.layers {
      let metric = layer.metric
      lines.append(
        "| \(escaped(layer.name)) | \(metric.formattedPercent) | \(layer.count(.killed) + layer.count(.crashed)) | \(layer.count(.survived)) | \(layer.count(.timedOut)) | \(layer.count(.noCoverage)) | \(layer.count(.unviable)) |"
      )
    }
    for verdict in report.verdicts where verdict.status == .failed {
      lines.append("")
      lines.append("**\(escaped(verdict.message))**")
    }
    let survivors = report.survivors
    if !survivors.isEmpty {
      lines += ["", "<details><summary>\(survivors.count) survivors</summary>", ""]
      for group in SurvivorGroup.grouping(survivors) {
        let changes = group.mutants.map { "\($0.kind.rawValue): \(change($0))" }
        lines.append(
          "- `\(group.file):\(group.line)` \(changes.joined(separator: "; ")), ran by \(escaped(MutationTextReport.testList(group.tests)))"
        )
      }
      lines += ["", "</details>"]
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `a < b` → `a <= b`, or `audit()` removed.
  static func change(_ mutant: Mutant) -> String { change(mutant.original, mutant.mutated) }

  /// `original` → `mutated`, or `original` removed when `mutated` is empty.
  static func change(_ original: String, _ mutated: String) -> String {
    mutated.isEmpty ? "\(code(original)) removed" : "\(code(original)) → \(code(mutated))"
  }

  /// Inline code that a backtick in the code cannot end early.
  static func code(_ text: String) -> String {
    text.contains("`") ? "`` \(text) ``" : "`\(text)`"
  }

  static func escaped(_ text: String) -> String { MarkdownEscape.text(text) }
}
