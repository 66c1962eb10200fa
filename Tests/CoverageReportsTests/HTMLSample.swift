import CoverageModel
import CoverageReports

/// A one-file report whose file has everything a file page shows: counts of 1000 and more, an
/// uncovered function, a partially covered line whose never-run part holds multi-byte
/// characters, and source text that needs escaping. Its figures agree with its line view.
enum HTMLSample {
  static let path = "Sources/Core/Greeter.swift"

  static let source = """
    /// Greets people; "quotes" & <angles> stay text.
    struct Greeter {
      func greet(_ name: String) -> String {
        guard !name.isEmpty else { return "Hallo, Wörld ✓" }
        return "Hello, \\(name)"
      }

      func unused() -> Int {
        42
      }
    }

    """

  /// The 1-based UTF-8 column of `text` in a 1-based line of `source`.
  static func column(of text: String, line: Int) -> Int {
    let lineText = source.components(separatedBy: "\n")[line - 1]
    guard let range = lineText.range(of: text) else { return 0 }
    return lineText.utf8.distance(from: lineText.startIndex, to: range.lowerBound) + 1
  }

  /// The 1-based UTF-8 column just past the end of a 1-based line.
  static func endColumn(line: Int) -> Int {
    source.components(separatedBy: "\n")[line - 1].utf8.count + 1
  }

  /// The `else` body of the guard on line 4: never ran, while the rest of the line did.
  static let guardElse = SourceRange(
    start: SourceLocation(line: 4, column: column(of: "{ return", line: 4)),
    end: SourceLocation(line: 4, column: endColumn(line: 4)))

  static let unusedBody = SourceRange(
    start: SourceLocation(line: 8, column: column(of: "{", line: 8)),
    end: SourceLocation(line: 10, column: 4))

  static let summary = SampleReport.summary(
    lines: (4, 7), functions: (1, 2), instantiations: (1, 2), regions: (1, 3))

  static let file = ScopedFile(
    path: path, target: "Core", layer: "logic",
    coverage: FileCoverage(
      path: SampleReport.root + "/" + path, summary: summary,
      lineView: LineView(counts: [nil, nil, 1500, 1500, 1500, 1500, nil, 0, 0, 0, nil]),
      functions: [
        FunctionCoverage(
          name: "$s4Demo7GreeterV5greetyS2SF",
          displayName: "Greeter.greet(Swift.String) -> Swift.String",
          line: 3, column: 3, count: 1500),
        FunctionCoverage(
          name: "$s4Demo7GreeterV6unusedSiyF", displayName: "Greeter.unused() -> Swift.Int",
          line: 8,
          column: 3, count: 0),
      ],
      missedRegions: [guardElse, unusedBody]))

  static let report = CoverageReport(
    packageName: "Demo", packageRoot: SampleReport.root, totals: summary,
    layers: [
      LayerReport(
        name: "logic", gated: true, thresholds: [.lines: Threshold(minimum: 60)], totals: summary,
        targets: [TargetReport(name: "Core", totals: summary, fileCount: 1)])
    ],
    files: [file], targetsWithoutData: [], excludedFiles: [],
    gate: GateResult(verdicts: [
      Verdict(
        rule: .minimum, scopeKind: .layer, scope: "logic", metric: .lines, actual: summary.lines,
        required: 60, status: .failed, message: "logic: lines 57.14% (4/7) is below the minimum 60%"
      )
    ]), capabilities: .llvmCov)

  /// A change to the Greeter: lines 4, 5 and 9, of which 9 never ran, and a file not measured.
  static let patch = PatchCoverage(
    base: "origin/main", baseCommit: "0123456789abcdef", lines: Metric(covered: 2, count: 3),
    files: [
      PatchFile(
        path: path, changedLines: [4, 5, 9], lines: Metric(covered: 2, count: 3),
        uncoveredLines: [9])
    ],
    unmeasured: [ExcludedFile(path: "Package.swift", reason: "not in a measured target")])

  /// Renders `report` with the Greeter's source available.
  static func render(_ report: CoverageReport = report, sources: [String: String] = [path: source])
    -> [String: String]
  {
    let files = HTMLReport(sources: StubSources(files: sources)).render(report)
    return Dictionary(files.map { ($0.path, $0.contents) }, uniquingKeysWith: { first, _ in first })
  }

  /// The page of the Greeter in `render`'s output.
  static func page(in files: [String: String]) -> String {
    files.first { $0.key.hasPrefix("files/") && $0.key.contains("Greeter") }?.value ?? ""
  }
}
