import CoverageGate
import CoverageModel

extension MutationRun {
  /// `found` as reported: survivors the config accepts as equivalent made `accepted`, then the
  /// gate's verdicts. A shard's report (`shard` set) holds a part of the run: it is not gated,
  /// and says nothing of accept entries its part does not match (another part may);
  /// `covgate mutate merge` does both on the whole.
  static func report(
    _ found: MutationReport, shard: MutationShard?, config: GateConfig,
    notice: (String) -> Void
  ) -> MutationReport {
    var results = found.results
    let unmatched = accept(&results, entries: config.mutation.accepted)
    var report = MutationReport(
      packageName: found.packageName, scope: found.scope, results: results,
      skipped: found.skipped, seconds: found.seconds)
    report.shard = shard
    guard shard == nil else { return report }
    for entry in unmatched {
      notice(
        "covgate: warning: mutation.accept names `\(entry.code)` -> `\(entry.mutant)` in \(entry.file), which no surviving mutant of this run is: remove the entry"
      )
    }
    report.verdicts = MutationGate.verdicts(report.layers, config: config)
    return report
  }

  /// Survivors the config accepts as equivalent become `accepted`. Returns the entries for a
  /// file that had mutants but matching none of its survivors (the code changed, or a test now
  /// kills it): they should go. Idempotent, so a merge applies it again to shards' results.
  static func accept(_ results: inout [MutantResult], entries: [GateConfig.AcceptedMutant])
    -> [GateConfig.AcceptedMutant]
  {
    let mutatedFiles = Set(results.map(\.mutant.file))
    return entries.filter { entry in
      var matched = false
      for index in results.indices
      where results[index].outcome == .survived || results[index].outcome == .accepted {
        let mutant = results[index].mutant
        if mutant.file == entry.file, mutant.original == entry.code,
          mutant.mutated == entry.mutant
        {
          results[index].outcome = .accepted
          matched = true
        }
      }
      return !matched && mutatedFiles.contains(entry.file)
    }
  }
}
