import CoverageModel

/// `max_risk` of gated layers: every function above the cap fails, naming where it is and why;
/// a layer with none passes, saying its riskiest; n/a where no branches were derived.
enum RiskRules {
  static func verdicts(_ report: CoverageReport, layers: [LayerConfig]) -> [Verdict] {
    layers.filter(\.gated).compactMap { layer in layer.maxRisk.map { (layer.name, $0) } }
      .flatMap { name, cap in
        verdicts(layer: name, cap: cap, files: report.files.filter { $0.layer == name })
      }
  }

  private static func verdicts(layer: String, cap: Int, files: [ScopedFile]) -> [Verdict] {
    let risks = files.flatMap { file in file.coverage.risks.map { (file.path, $0) } }
    func verdict(
      _ scopeKind: Verdict.ScopeKind, _ scope: String, _ status: Verdict.Status, _ message: String,
      line: Int? = nil
    )
      -> Verdict
    {
      Verdict(
        rule: .maxRisk, scopeKind: scopeKind, scope: scope, metric: nil, actual: nil,
        required: Double(cap),
        status: status, message: message, line: line)
    }
    guard files.contains(where: { $0.coverage.branches != nil }) else {
      return [
        verdict(
          .layer, layer, .notApplicable,
          "\(layer): risk n/a (no branches derived); max_risk \(cap) does not apply")
      ]
    }
    let above = risks.filter { $0.1.score > Double(cap) }.sorted {
      ($0.0, $0.1.line) < ($1.0, $1.1.line)
    }
    guard !above.isEmpty else {
      let highest = risks.max { $0.1.score < $1.1.score }
      let detail = highest.map { " (highest \($0.1.formattedScore) at \($0.0):\($0.1.line))" } ?? ""
      return [verdict(.layer, layer, .passed, "\(layer): no function above risk \(cap)\(detail)")]
    }
    return above.map { path, risk in
      verdict(
        .file, path, .failed,
        "\(path):\(risk.line): a function's risk \(risk.formattedScore) (complexity \(risk.complexity), "
          + "\(risk.regions.formattedPercent) of regions run) is above the max_risk \(cap) of layer "
          + "'\(layer)'; test its untested paths or split it", line: risk.line)
    }
  }
}
