import CoverageModel

extension MarkdownReport {
  /// Survivors shown in the pull-request comment; the rest are in mutate's own reports.
  static let survivorLimit = 5

  /// A mutation run's mutants per layer, and the first survivors with the tests that ran them.
  static func mutation(_ findings: MutationFindings) -> [String] {
    var lines = [
      "**Mutation testing**", "",
      "| Layer | Score | Survived | Timed out | No coverage |", "|---|---:|---:|---:|---:|",
    ]
    for layer in findings.layers {
      lines.append(
        "| \(MarkdownEscape.text(layer.name)) | \(layer.score.formattedPercent) (\(layer.score.covered)/\(layer.score.count)) | \(layer.survived) | \(layer.timedOut) | \(layer.noCoverage) |"
      )
    }
    let survivors = findings.survivors
    guard !survivors.isEmpty else { return lines }
    lines += [""]
    for survivor in survivors.prefix(survivorLimit) {
      let tests =
        survivor.tests.isEmpty
        ? "" : ", ran by \(MarkdownEscape.text(survivor.tests.joined(separator: ", ")))"
      lines.append(
        "- `\(survivor.file.replacingOccurrences(of: "`", with: "'")):\(survivor.line)` \(survivor.kind): \(MutationMarkdownReport.change(survivor.original, survivor.mutated))\(tests)"
      )
    }
    if survivors.count > survivorLimit {
      lines.append(
        "- ... and \(survivors.count - survivorLimit) more (covgate-mutation.md lists them all)")
    }
    return lines
  }
}
