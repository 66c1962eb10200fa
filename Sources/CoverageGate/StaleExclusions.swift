import CoverageModel

/// Exclusion markers that hide code which ran: a marker that excuses run code hides whatever
/// that code loses later (`exclusions.stale`: `warn`, the default; `fail`; `ignore`).
enum StaleExclusions {
  static func verdicts(_ exclusions: [Exclusion], policy: GateConfig.Policy) -> [Verdict] {
    guard policy != .ignore else { return [] }
    return exclusions.filter(\.ranAnyway).map { exclusion in
      let lines = exclusion.wholeFile ? "the whole file" : "lines \(exclusion.linesDescription)"
      return Verdict(
        rule: .staleExclusion, scopeKind: .file, scope: exclusion.path, metric: nil, actual: nil,
        required: nil, status: policy == .fail ? .failed : .warning,
        message:
          "\(exclusion.path): the marker excluding \(lines) (\"\(exclusion.reason)\") hides code "
          + "that ran; remove the marker, or narrow it to the code that never runs")
    }
  }
}
