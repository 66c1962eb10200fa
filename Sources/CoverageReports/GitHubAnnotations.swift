import CoverageModel

/// GitHub Actions workflow commands for the gate's failed verdicts (`::error`) and warnings
/// (`::warning`), so that they show on the run's summary and, for files, in the pull request.
///
/// Pure: a report in, lines out; printing them is the CLI's job. A file verdict points at the
/// file (at its first line that never ran, or line 1); total, layer, target and patch verdicts
/// point at no file. File paths are package-relative unless `pathPrefix` (the package folder
/// inside the repository, e.g. `Packages/Core/`) is given. Values are escaped as GitHub's toolkit does: `%`, `\r` and `\n` in the
/// message, and also `:` and `,` in properties.
public struct GitHubAnnotations {
  public static let title = "covgate"

  /// Put before package-relative paths to make them repository-relative.
  public var pathPrefix: String

  public init(pathPrefix: String = "") {
    self.pathPrefix = pathPrefix
  }

  /// One workflow command per failed verdict, then one per warning, then one per surviving
  /// mutant (on its line, so the pull request shows it beside the code).
  public func lines(_ report: CoverageReport) -> [String] {
    verdictLines(report) + (report.mutation?.survivors ?? []).map(survivorLine)
  }

  /// One workflow command per surviving mutant the report shows, alone.
  public func survivorLines(_ report: CoverageReport) -> [String] {
    (report.mutation?.survivors ?? []).map(survivorLine)
  }

  /// `::warning file=…,line=…,col=…,title=covgate mutate: survived::…`.
  func survivorLine(_ survivor: MutationFindings.Survivor) -> String {
    let properties = [
      ("file", pathPrefix + survivor.file), ("line", String(survivor.line)),
      ("col", String(survivor.column)), ("title", "\(Self.title) mutate: survived"),
    ]
    let list = properties.map { "\($0.0)=\(Self.escapeProperty($0.1))" }.joined(separator: ",")
    let tests = survivor.tests.isEmpty ? "" : " (ran by \(survivor.tests.joined(separator: ", ")))"
    let message =
      "\(survivor.kind): \(survivor.change) and every test that ran the line still passed\(tests); add an assertion that tells them apart"
    return "::warning \(list)::\(Self.escapeData(message))"
  }

  private func verdictLines(_ report: CoverageReport) -> [String] {
    let files = Dictionary(report.files.map { ($0.path, $0) }) { first, _ in first }
    return
      (report.gate.failures.map { ("error", $0) } + report.gate.warnings.map { ("warning", $0) })
      .map { command, verdict in
        var properties: [(String, String)] = []
        if verdict.scopeKind == .file {
          let line = files[verdict.scope]?.coverage.lineView?.uncoveredLines.first ?? 1
          properties += [("file", pathPrefix + verdict.scope), ("line", String(line))]
        }
        properties.append(("title", Self.title))
        let list = properties.map { "\($0.0)=\(Self.escapeProperty($0.1))" }.joined(separator: ",")
        return "::\(command) \(list)::\(Self.escapeData(verdict.message))"
      }
  }

  /// A message escaped as `@actions/core` escapes command data.
  static func escapeData(_ text: String) -> String {
    escape(text, [("%", "%25"), ("\r", "%0D"), ("\n", "%0A")])
  }

  /// A property value escaped as `@actions/core` escapes properties.
  static func escapeProperty(_ text: String) -> String {
    escape(text, [("%", "%25"), ("\r", "%0D"), ("\n", "%0A"), (":", "%3A"), (",", "%2C")])
  }

  /// `text` with each scalar of `table` replaced (scalars, so `\r\n` is two of them).
  private static func escape(_ text: String, _ table: [(Unicode.Scalar, String)]) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      if let replacement = table.first(where: { $0.0 == scalar })?.1 {
        out += replacement
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
