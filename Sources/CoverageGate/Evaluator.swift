import CoverageModel

/// Turns classified files into layer figures and rule verdicts.
public struct Evaluator: Sendable {
  public let config: GateConfig

  public init(config: GateConfig) {
    self.config = config
  }

  public func evaluate(
    package: PackageInfo, files: [ScopedFile], targetsWithoutData: [TargetWithoutData],
    excluded: [ExcludedFile], capabilities: Capabilities, tests: TestOutcome? = nil
  ) -> CoverageReport {
    let layers = layerReports(files: files, targetsWithoutData: targetsWithoutData)
    let totals = files.indices.reduce(into: Summary.zero) { $0 += files[$1].summary }
    var verdicts: [Verdict] = []
    for layer in layers {
      verdicts += thresholdVerdicts(
        scopeKind: .layer, scope: layer.name, totals: layer.totals, thresholds: layer.thresholds,
        gated: layer.gated)
    }
    verdicts += thresholdVerdicts(
      scopeKind: .total, scope: "total", totals: totals, thresholds: config.overall, gated: true)
    verdicts += fileFloorVerdicts(files: files, layers: layers)
    verdicts += missingDataVerdicts(targetsWithoutData, layers: layers)
    return CoverageReport(
      packageName: package.name, packageRoot: package.root, totals: totals, layers: layers,
      files: files, targetsWithoutData: targetsWithoutData, excludedFiles: excluded,
      gate: GateResult(verdicts: verdicts), capabilities: capabilities, tests: tests)
  }

  private func layerReports(files: [ScopedFile], targetsWithoutData: [TargetWithoutData])
    -> [LayerReport]
  {
    var configs = config.layers
    let sums = files.sumsByLayerAndTarget()
    let used = Set(sums.keys).union(targetsWithoutData.map(\.layer))
    if used.contains(Classifier.unassigned),
      !configs.contains(where: { $0.name == Classifier.unassigned })
    {
      configs.append(LayerConfig(name: Classifier.unassigned, gated: false))
    }
    return configs.map { layer in
      let targets = (sums[layer.name] ?? [:]).map { name, sum in
        TargetReport(name: name, totals: sum.total, fileCount: sum.files)
      }.sorted { $0.name < $1.name }
      return LayerReport(
        name: layer.name, gated: layer.gated, thresholds: layer.thresholds,
        totals: targets.map(\.totals).total(), targets: targets)
    }
  }

  private func thresholdVerdicts(
    scopeKind: Verdict.ScopeKind, scope: String, totals: Summary, thresholds: Thresholds,
    gated: Bool
  ) -> [Verdict] {
    thresholds.keys.sorted().flatMap { metric -> [Verdict] in
      let threshold = thresholds[metric]!
      let actual = totals[metric]
      let rules: [(Verdict.Rule, Double)] =
        [threshold.minimum.map { (.minimum, $0) }, threshold.target.map { (.target, $0) }]
        .compactMap { $0 }
      return rules.map { rule, required in
        let shown =
          "\(scope): \(metric.rawValue) \(actual.formattedPercent) (\(actual.formattedRatio))"
        let name = rule == .minimum ? "minimum" : "target"
        let status: Verdict.Status
        let message: String
        switch ThresholdJudgement(actual, required: required) {
        case .nothingToMeasure:
          status = .notApplicable
          message =
            "\(scope): \(metric.rawValue) n/a (nothing to measure); the \(name) \(formatThreshold(required))% does not apply"
        case .meets:
          status = .passed
          message = "\(shown) meets the \(name) \(formatThreshold(required))%"
        case .below:
          status = rule == .minimum && gated ? .failed : .warning
          message =
            "\(shown) is below the \(name) \(formatThreshold(required))%"
            + (gated || rule == .target ? "" : " (layer not gated)")
        }
        return Verdict(
          rule: rule, scopeKind: scopeKind, scope: scope, metric: metric, actual: actual,
          required: required, status: status, message: message)
      }
        + (threshold.maxUncovered.map { cap in
          Self.capVerdict(
            scopeKind: scopeKind, scope: scope, metric: metric, actual: actual, cap: cap,
            gated: gated)
        }.map { [$0] } ?? [])
    }
  }

  /// `max_uncovered`: at most `cap` items left uncovered (istanbul's negative thresholds,
  /// JaCoCo's MISSEDCOUNT); n/a when there is nothing to measure.
  static func capVerdict(
    scopeKind: Verdict.ScopeKind, scope: String, metric: MetricKind, actual: Metric, cap: Int,
    gated: Bool
  ) -> Verdict {
    let shown = "\(scope): \(metric.rawValue) \(actual.missed) uncovered (\(actual.formattedRatio))"
    let status: Verdict.Status
    let message: String
    if actual.count == 0 {
      status = .notApplicable
      message =
        "\(scope): \(metric.rawValue) n/a (nothing to measure); the cap of \(cap) uncovered does not apply"
    } else if actual.missed <= cap {
      status = .passed
      message = "\(shown) is within the cap of \(cap) uncovered"
    } else {
      status = gated ? .failed : .warning
      message = "\(shown) is over the cap of \(cap) uncovered" + (gated ? "" : " (layer not gated)")
    }
    return Verdict(
      rule: .maxUncovered, scopeKind: scopeKind, scope: scope, metric: metric, actual: actual,
      required: Double(cap), status: status, message: message)
  }

  private func fileFloorVerdicts(files: [ScopedFile], layers: [LayerReport]) -> [Verdict] {
    let gated = Set(layers.filter(\.gated).map(\.name))
    // Indexes, not copies of every file of the gated layers.
    let checked = files.indices.filter { gated.contains(files[$0].layer) }
    return config.fileMinimum.keys.sorted().flatMap { metric -> [Verdict] in
      let required = config.fileMinimum[metric]!
      let failures = checked.filter {
        files[$0].summary[metric].count > 0 && !files[$0].summary[metric].reaches(required)
      }
      guard !failures.isEmpty else {
        let message =
          "every file of the gated layers meets the file minimum \(formatThreshold(required))% of \(metric.rawValue) (\(checked.count) files)"
        return [
          Verdict(
            rule: .fileMinimum, scopeKind: .layer, scope: gated.sorted().joined(separator: ", "),
            metric: metric, actual: nil, required: required, status: .passed, message: message)
        ]
      }
      return failures.map { index in
        let (path, actual) = (files[index].path, files[index].summary[metric])
        return Verdict(
          rule: .fileMinimum, scopeKind: .file, scope: path, metric: metric, actual: actual,
          required: required, status: .failed,
          message:
            "\(path): \(metric.rawValue) \(actual.formattedPercent) (\(actual.formattedRatio)) is below the file minimum \(formatThreshold(required))%"
        )
      }
    }
  }

  /// Targets of gated layers without data warn or fail as configured; other layers only list them.
  private func missingDataVerdicts(_ targets: [TargetWithoutData], layers: [LayerReport])
    -> [Verdict]
  {
    guard config.targetsWithoutData != .ignore else { return [] }
    let gated = Set(layers.filter(\.gated).map(\.name))
    return targets.filter { gated.contains($0.layer) }.map { target in
      Verdict(
        rule: .targetWithoutData, scopeKind: .target, scope: target.name, metric: nil, actual: nil,
        required: nil, status: config.targetsWithoutData == .fail ? .failed : .warning,
        message:
          "\(target.layer): target \(target.name) has no coverage data (\(target.sourceFiles) files, \(target.sourceLines) lines): \(target.reason)"
      )
    }
  }
}
