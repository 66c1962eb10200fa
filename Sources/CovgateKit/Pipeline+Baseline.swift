import CoverageAcquisition
import CoverageGate
import CoverageModel
import CovgateSupport
import Foundation

extension Pipeline {
  /// With `--update-baseline`: raises the baseline where coverage rose (or writes a first one);
  /// never from a red test run.
  func updateBaselineIfAsked(_ report: CoverageReport) throws {
    guard settings.updatesBaseline else { return }
    guard report.tests?.passed ?? true else {
      services.observer.notice(
        "covgate: warning: the tests failed, so the baseline was not updated")
      return
    }
    let file = BaselineFile(path: settings.baselinePath)
    let current = try file.read(from: services.files)
    let tolerance = settings.config.baseline.tolerance
    let updated =
      current.map { BaselineRules(baseline: $0, tolerance: tolerance).raised(by: report) }
      ?? Baseline(report)
    try file.write(updated)
    services.observer.notice(
      "covgate: baseline \(current == updated ? "unchanged" : "updated"): \(file.path)")
  }

  /// `covgate baseline save`: evaluates and publishes the run, then saves its figures as the
  /// baseline, unless the tests failed.
  public func saveBaseline() throws -> PipelineResult {
    defer { LateWrites.finish() }
    let result = try publish(try acquireAndEvaluate())
    guard result.outcome != .testsFailed else { return result }
    let file = BaselineFile(path: settings.baselinePath)
    var saved = Baseline(result.report)
    // The mutation scores are `covgate mutate --all`'s to keep: a coverage save leaves them.
    saved.mutation = (try? file.read(from: services.files))??.mutation
    try file.write(saved)
    services.observer.notice("covgate: baseline saved to \(file.path)")
    return result
  }
}
