import CoverageModel

/// Measures the lines a change touched against the line view of the kept files.
public struct PatchEvaluator: Sendable {
  public init() {}

  /// - Parameters:
  ///   - changes: the diff, paths relative to the package root.
  ///   - files: the kept files with their line views.
  ///   - unmeasuredReason: why a changed file that is not kept is left out.
  public func evaluate(
    base: String, baseCommit: String, changes: [ChangedFile], files: [ScopedFile],
    unmeasuredReason: (String) -> String
  ) -> PatchCoverage {
    let kept = Dictionary(files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    var measured: [PatchFile] = []
    var unmeasured: [ExcludedFile] = []
    for change in changes.sorted(by: { $0.path < $1.path }) {
      if change.isDeleted || change.addedLines.isEmpty { continue }
      guard let file = kept[change.path] else {
        let reason = change.isBinary ? "a binary file" : unmeasuredReason(change.path)
        unmeasured.append(ExcludedFile(path: change.path, reason: reason))
        continue
      }
      guard let view = file.coverage.lineView else {
        unmeasured.append(
          ExcludedFile(
            path: change.path, reason: "the export has no line data (made with -summary-only)"))
        continue
      }
      let executable = change.addedLines.filter { view.count(line: $0) != nil }
      let uncovered = executable.filter { view.count(line: $0) == 0 }
      measured.append(
        PatchFile(
          path: change.path, changedLines: change.addedLines.sorted(),
          lines: Metric(covered: executable.count - uncovered.count, count: executable.count),
          uncoveredLines: uncovered.sorted()))
    }
    let total = measured.map(\.lines).reduce(Metric.zero, +)
    return PatchCoverage(
      base: base, baseCommit: baseCommit, lines: total, files: measured, unmeasured: unmeasured)
  }

  /// The patch rule's verdict: the share of executable changed lines that ran, against `minimum`.
  public func verdict(_ patch: PatchCoverage, minimum: Double) -> Verdict {
    let actual = patch.lines
    let shown =
      "patch: lines \(actual.formattedPercent) (\(actual.formattedRatio)) of changed executable lines"
    let status: Verdict.Status
    let message: String
    switch ThresholdJudgement(actual, required: minimum) {
    case .nothingToMeasure:
      status = .notApplicable
      message =
        "patch: no executable line changed since \(patch.base); the minimum \(formatThreshold(minimum))% does not apply"
    case .meets:
      status = .passed
      message = "\(shown) meets the minimum \(formatThreshold(minimum))%"
    case .below:
      status = .failed
      let uncovered = patch.files.filter { !$0.uncoveredLines.isEmpty }
        .map { "\($0.path):\($0.uncoveredDescription)" }.joined(separator: "; ")
      message = "\(shown) is below the minimum \(formatThreshold(minimum))%; not run: \(uncovered)"
    }
    return Verdict(
      rule: .patch, scopeKind: .patch, scope: "patch", metric: .lines, actual: actual,
      required: minimum, status: status, message: message)
  }
}
