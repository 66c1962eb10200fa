import CoverageModel

/// Lines a report counts past the end of their source (the report is older than the source):
/// a source in a gated layer refuses the run, as its figures would gate on code that is gone;
/// any other (a test file, a file no gated layer holds, a file not measured) is said in the
/// report's notes and the run goes on.
enum StaleSources {
  /// Throws `StaleSourceError` for the first stale source that a gated layer holds;
  /// adds a note for each other.
  static func check(
    _ stale: [StaleSource], report: inout CoverageReport, origin: CoverageOrigin
  ) throws {
    guard !stale.isEmpty else { return }
    let gated = Set(report.layers.filter(\.gated).map(\.name))
    let layers = Dictionary(
      report.files.map { ($0.path, $0.layer) }, uniquingKeysWith: { first, _ in first })
    let root = report.packageRoot + "/"
    for source in stale {
      let relative =
        source.source.hasPrefix(root) ? String(source.source.dropFirst(root.count)) : source.source
      let layer = layers[relative]
      if let layer, gated.contains(layer) { throw StaleSourceError(source, origin: origin) }
      let name = source.report.split(separator: "/").last.map(String.init) ?? source.report
      let place = layer.map { "in layer '\($0)', which is not gated" } ?? "not measured"
      report.inputNotes.append(
        "\(name) counts line \(source.line) of \(relative), which has \(source.lineCount) lines: the report is older than that file; it is \(place), so the run goes on (measure again for its figures)"
      )
    }
  }
}
