import CoverageModel

/// `function_minimum`: every function of a gated layer runs at least that share of its own
/// regions (JaCoCo's per-method rule). Each function below fails, naming where it is; a layer
/// with none passes, naming its lowest; n/a where no per-function figures exist (they come with
/// the derived branches).
enum FunctionFloor {
  /// - Parameter everyLayer: the top-level floor; a layer's own takes its place.
  static func verdicts(_ report: CoverageReport, layers: [LayerConfig], everyLayer: Double?)
    -> [Verdict]
  {
    report.layers.filter(\.gated).flatMap { layer -> [Verdict] in
      let own = layers.first { $0.name == layer.name }?.functionMinimum
      guard let required = own ?? everyLayer else { return [] }
      return verdicts(
        layer: layer.name, required: required, files: report.files.filter { $0.layer == layer.name }
      )
    }
  }

  private static func verdicts(layer: String, required: Double, files: [ScopedFile]) -> [Verdict] {
    let shown = "\(formatThreshold(required))%"
    func verdict(
      _ scopeKind: Verdict.ScopeKind, _ scope: String, _ actual: Metric?, _ status: Verdict.Status,
      _ message: String, line: Int? = nil
    ) -> Verdict {
      Verdict(
        rule: .functionMinimum, scopeKind: scopeKind, scope: scope, metric: .regions,
        actual: actual, required: required, status: status, message: message, line: line)
    }
    guard files.contains(where: { $0.coverage.branches != nil }) else {
      return [
        verdict(
          .layer, layer, nil, .notApplicable,
          "\(layer): function minimum n/a (no per-function figures: branches are not derived); "
            + "function_minimum \(shown) does not apply")
      ]
    }
    let functions = files.flatMap { file in
      file.coverage.risks.filter { $0.regions.count > 0 }.map { (path: file.path, function: $0) }
    }
    let below = functions.filter { !$0.function.regions.reaches(required) }
      .sorted { ($0.path, $0.function.line) < ($1.path, $1.function.line) }
    guard !below.isEmpty else {
      let lowest = functions.min {
        ($0.function.regions.percent ?? 100, $0.path, $0.function.line)
          < ($1.function.regions.percent ?? 100, $1.path, $1.function.line)
      }
      let detail =
        lowest.map {
          "; lowest \($0.function.regions.formattedPercent) at \($0.path):\($0.function.line)"
        } ?? ""
      return [
        verdict(
          .layer, layer, nil, .passed,
          "\(layer): every function runs at least \(shown) of its regions (\(functions.count) functions\(detail))"
        )
      ]
    }
    return below.map { path, function in
      let regions = function.regions
      return verdict(
        .file, path, regions, .failed,
        "\(path):\(function.line): a function runs \(regions.formattedPercent) of its regions "
          + "(\(regions.formattedRatio)), below the function minimum \(shown) of layer '\(layer)'",
        line: function.line)
    }
  }
}
