import CoverageModel

/// The files of gated layers that miss the most, by lines: the list the text and Markdown
/// reports end with.
enum LeastCoveredFiles {
  /// Files of gated layers with lines that never ran, lowest percentage first; ties go to the
  /// file that misses more lines, then to the path. At most `limit` of them.
  static func of(_ report: CoverageReport, limit: Int) -> [ScopedFile] {
    let gated = Set(report.layers.filter(\.gated).map(\.name))
    let files = report.files
      .filter {
        gated.contains($0.layer) && $0.summary.lines.count > 0 && $0.summary.lines.missed > 0
      }
      .sorted { lhs, rhs in
        let (l, r) = (lhs.summary.lines, rhs.summary.lines)
        let (a, b) = (
          l.covered.multipliedFullWidth(by: r.count), r.covered.multipliedFullWidth(by: l.count)
        )
        if a != b { return (a.high, a.low) < (b.high, b.low) }
        return l.missed != r.missed ? l.missed > r.missed : lhs.path < rhs.path
      }
    return Array(files.prefix(limit))
  }
}
