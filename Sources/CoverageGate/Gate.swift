import CoverageModel

/// The gate's one entry point: scope, exclusions, classification, thresholds, patch and
/// baseline, giving the complete report every format renders.
public enum Gate {
  /// What keeps the package's own measured sources, as the config asks.
  public static func scoper(
    package: PackageInfo, config: GateConfig, links: (any SymlinkResolving)? = nil
  ) -> Scoper {
    Scoper(
      package: package, exclude: config.exclude, namedTargets: config.namedTargets,
      testSupport: config.testSupportNames, links: links)
  }

  public static func evaluate(_ input: GateInput) throws -> CoverageReport {
    let config = input.config
    try MetricAvailability.check(config, holds: input.data.capabilities)
    let scoper = scoper(package: input.package, config: config, links: input.links)
    var scope = try scoper.scope(input.data, pathMaps: input.pathMaps)
    let (kept, excludedByMarkers, exclusions) = try ExclusionApplier.apply(
      input.markers, to: scope.files, functions: input.data.functions,
      capabilities: input.data.capabilities)
    // The only reference left: the classifier sets layers in place, not in a copy of every file.
    scope.files = consume kept
    if let deriver = input.branches {
      scope.files = BranchAttacher.attach(
        to: scope.files, functions: input.data.functions, excluding: exclusions,
        deriver: deriver)
    }
    scope.excluded = (scope.excluded + excludedByMarkers).sorted { $0.path < $1.path }
    let targetsWithoutData = try Classifier(config: config, package: input.package).classify(&scope)
    var report = Evaluator(config: config).evaluate(
      package: input.package, files: scope.files, targetsWithoutData: targetsWithoutData,
      excluded: scope.excluded, capabilities: input.data.capabilities, tests: input.tests)
    report.exclusions = exclusions
    report.runNames = input.data.runNames
    report.inputNotes = input.data.inputNotes
    report.gate.verdicts += RiskRules.verdicts(report, layers: config.layers)
    report.gate.verdicts += FunctionFloor.verdicts(
      report, layers: config.layers, everyLayer: config.functionMinimum)
    report.gate.verdicts += StaleExclusions.verdicts(
      exclusions, policy: config.staleExclusions)
    report.gate.verdicts += ProducerErrors.verdicts(
      input.data.producerErrors, source: input.data.capabilities.source,
      policy: config.coverageErrors)
    if let changes = input.changes {
      let evaluator = PatchEvaluator()
      let patch = evaluator.evaluate(
        base: changes.base, baseCommit: changes.baseCommit, changes: changes.files,
        files: report.files, unmeasuredReason: scoper.reasonUnmeasured)
      report.patch = patch
      if let minimum = config.patch.minimum {
        report.gate.verdicts.append(evaluator.verdict(patch, minimum: minimum))
      }
    }
    if let baseline = input.baseline {
      report.gate.verdicts += BaselineRules(
        baseline: baseline, tolerance: config.baseline.tolerance
      )
      .verdicts(for: report)
    }
    try ReportInvariants.check(report)
    return report
  }
}
