import CoverageGate
import CoverageModel
import CovgateSupport
import Foundation
import Mutation

/// The ratchet on a whole mutation run's scores (`MutationBaseline`), kept in the package's
/// baseline file beside the coverage figures.
extension MutationTesting {
  /// `--update-baseline` asks for a whole run: a change's or a file's score is of other code
  /// each time, and a shard holds a part.
  ///
  /// - Throws: `UsageError` naming what to run instead.
  static func checkBaselineUpdate(_ request: MutationRequest) throws {
    guard request.updatesBaseline else { return }
    guard request.all else {
      throw UsageError(
        "--update-baseline keeps the mutation score of every line: run covgate mutate --all (a change's or a file's score is of other code each time)"
      )
    }
    guard request.shard == nil else {
      throw UsageError(
        "--update-baseline keeps the whole run's score: give it to covgate mutate merge, not to a shard"
      )
    }
  }

  /// The baseline file, read before the run so that a broken one stops it at once; nil when
  /// there is none.
  ///
  /// - Throws: `BaselineError` when the file is not a baseline.
  static func readBaseline(root: String, config: GateConfig) throws -> Baseline? {
    try BaselineFile(root: root, config: config).read(from: DiskFiles())
  }

  /// A whole run's `report` with the ratchet's verdicts on the scores `saved` keeps; with
  /// `update`, the baseline file written with the scores that rose (other reports, a shard's or
  /// a change's, are returned as they are, and asking to update from them is refused).
  ///
  /// - Throws: `UsageError` when `update` is asked of a report that is not a whole run's.
  static func ratchet(
    _ report: MutationReport, saved: Baseline?, root: String, config: GateConfig, update: Bool,
    notice: (String) -> Void
  ) throws -> MutationReport {
    guard report.isWholeRun else {
      if update {
        throw UsageError(
          "--update-baseline keeps the score of a whole run: these shards mutated \(report.scope); run them with --all"
        )
      }
      return report
    }
    var judged = report
    if let scores = saved?.mutation {
      judged.verdicts += MutationBaseline.verdicts(report.layers, saved: scores, config: config)
    }
    guard update else { return judged }
    let raised = MutationBaseline.raised(saved?.mutation, by: report.layers, config: config)
    var baseline = saved ?? Baseline(layers: [:], targets: [:])
    let changed = baseline.mutation != raised
    baseline.mutation = raised
    let file = BaselineFile(root: root, config: config)
    if changed { try file.write(baseline) }
    notice("covgate: baseline's mutation scores \(changed ? "updated" : "unchanged"): \(file.path)")
    return judged
  }
}
