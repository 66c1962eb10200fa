import CoverageGate
import CoverageModel
import Foundation
import LLVMCoverage

/// The rules that compare a run with something else: the changed lines of a branch, and the
/// committed baseline.
extension Pipeline {
  /// Measures the lines changed since `--base` (or `patch.base`), gating them when
  /// `patch.minimum` is set.
  func addPatchCoverage(to report: inout CoverageReport, config: GateConfig, scoper: Scoper) throws {
    guard let base = options.base ?? config.patch.base else { return }
    let (commit, changes) = try GitChanges(root: report.packageRoot).changes(since: base)
    let evaluator = PatchEvaluator()
    let patch = evaluator.evaluate(
      base: base, baseCommit: commit, changes: changes, files: report.files,
      unmeasuredReason: scoper.reasonUnmeasured)
    report.patch = patch
    if let minimum = config.patch.minimum {
      report.gate.verdicts.append(evaluator.verdict(patch, minimum: minimum))
    }
  }

  /// Fails gated layers and targets that dropped below the baseline file, when there is one.
  func addBaselineVerdicts(to report: inout CoverageReport, config: GateConfig) throws {
    guard let baseline = try loadBaseline(root: report.packageRoot, config: config) else { return }
    report.gate.verdicts += BaselineRules(baseline: baseline, tolerance: config.baseline.tolerance)
      .verdicts(for: report)
  }

  /// With `--update-baseline`: raises the baseline where coverage rose (or writes a first one).
  func updateBaselineIfAsked(_ report: CoverageReport, config: GateConfig) throws {
    guard options.updateBaseline else { return }
    guard report.tests?.passed ?? true else {
      terminal.printError("covgate: warning: the tests failed, so the baseline was not updated")
      return
    }
    let current = try loadBaseline(root: report.packageRoot, config: config)
    let updated = current.map { BaselineRules(baseline: $0, tolerance: config.baseline.tolerance).raised(by: report) }
      ?? Baseline(report)
    try Self.writeBaseline(updated, root: report.packageRoot, config: config)
    terminal.printError("covgate: baseline \(current == updated ? "unchanged" : "updated"): \(baselinePath(report.packageRoot, config))")
  }

  func baselinePath(_ root: String, _ config: GateConfig) -> String {
    (root as NSString).appendingPathComponent(config.baseline.file)
  }

  private func loadBaseline(root: String, config: GateConfig) throws -> Baseline? {
    let path = baselinePath(root, config)
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    do {
      let baseline = try JSONDecoder().decode(Baseline.self, from: data)
      guard baseline.schemaVersion == Baseline.schemaVersion else { throw BaselineError(path: path) }
      return baseline
    } catch {
      throw BaselineError(path: path)
    }
  }

  /// Writes a baseline as sorted, indented JSON (it is meant to be committed and diffed).
  static func writeBaseline(_ baseline: Baseline, root: String, config: GateConfig) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    var data = try encoder.encode(baseline)
    data.append(UInt8(ascii: "\n"))
    try AtomicFile.write(data, to: (root as NSString).appendingPathComponent(config.baseline.file))
  }
}

/// A baseline file that cannot be read.
struct BaselineError: Error, CustomStringConvertible {
  var path: String
  var description: String {
    "\(path) is not a covgate baseline (schemaVersion \(Baseline.schemaVersion)); fix it, or delete it and run `covgate baseline save`"
  }
}
