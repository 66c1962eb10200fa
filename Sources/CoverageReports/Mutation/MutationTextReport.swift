import CoverageModel
import Mutation

/// `covgate mutate`'s report on a terminal: the counts, the score per layer, each survivor with
/// its place, the code before and after, and the tests that ran it, then the gate's verdicts.
public enum MutationTextReport {
  public static func render(_ report: MutationReport) -> String {
    var lines = ["covgate mutate: \(report.packageName), \(report.scope)"]
    let all = MutationScore(
      name: "all", counts: Dictionary(grouping: report.results, by: \.outcome).mapValues(\.count))
    if let shard = report.shard {
      lines.append(
        "  shard \(shard.index)/\(shard.count): \(shard.mutants.count) of the run's \(shard.expectedMilliseconds.count) mutants"
      )
    }
    lines.append("  \(report.results.count) mutants: \(summary(all)); \(skippedSummary(report))")
    if let statics = report.staticMutants {
      lines.append("  \(staticSentence(statics)): \(summary(statics))")
    }
    let kept = report.results.filter { $0.cached == true }.count
    if kept > 0 {
      lines.append(
        "  \(kept) outcomes kept from the last run: their file, tests and test code are unchanged (--no-cache runs them again)"
      )
    }
    if !report.layers.isEmpty {
      lines.append("")
      lines.append(
        pad("Layer", 14) + pad("Score", 18) + pad("Killed", 8) + pad("Survived", 10)
          + pad("Timed out", 11) + pad("No coverage", 13) + "Unviable")
      for layer in report.layers {
        let metric = layer.metric
        lines.append(
          pad(layer.name.isEmpty ? "-" : layer.name, 14)
            + pad("\(metric.formattedPercent) (\(metric.formattedRatio))", 18)
            + pad("\(layer.count(.killed) + layer.count(.crashed))", 8)
            + pad("\(layer.count(.survived))", 10) + pad("\(layer.count(.timedOut))", 11)
            + pad("\(layer.count(.noCoverage))", 13) + "\(layer.count(.unviable))")
      }
    }
    let survivors = report.survivors
    if !survivors.isEmpty {
      lines.append("")
      lines.append("Survivors (no test noticed these faults):")
      for group in SurvivorGroup.grouping(survivors) {
        if let mutant = group.mutants.first, group.mutants.count == 1 {
          lines.append(
            "  \(mutant.file):\(mutant.line):\(mutant.column)  \(mutant.kind.rawValue)  \(mutant.change)"
          )
        } else {
          lines.append("  \(group.file):\(group.line)  \(group.mutants.count) faults on this line:")
          for mutant in group.mutants {
            lines.append("    :\(mutant.column)  \(mutant.kind.rawValue)  \(mutant.change)")
          }
        }
        lines.append("    ran by \(testList(group.tests))")
      }
    }
    let timedOut = report.results.filter { $0.outcome == .timedOut }
    if !timedOut.isEmpty {
      lines.append("")
      lines.append("Timed out (not counted as killed):")
      for result in timedOut {
        lines.append(
          "  \(result.mutant.file):\(result.mutant.line)  \(result.mutant.change)  in \(result.killedBy ?? "?")"
        )
      }
    }
    if !report.verdicts.isEmpty {
      lines.append("")
      for verdict in report.verdicts.sorted(by: { $0.status.severityRank < $1.status.severityRank })
      {
        lines.append("  \(mark(verdict.status)) \(verdict.message)")
      }
    }
    lines.append("")
    if let shard = report.shard {
      lines.append(
        "Mutation gate: not judged on shard \(shard.index)/\(shard.count) alone; covgate mutate merge gates the whole run"
      )
    } else if report.results.isEmpty {
      lines.append("Mutation gate: nothing to gate (no mutant in \(report.scope))")
    } else {
      lines.append(report.passed ? "Mutation gate PASSED" : "Mutation gate FAILED")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `9 killed, 2 survived, 1 timed out...`, the outcomes that occurred.
  static func summary(_ score: MutationScore) -> String {
    let parts = MutationOutcome.allCases.compactMap { outcome -> String? in
      let count = score.count(outcome)
      return count == 0
        ? nil : "\(count) \(outcome.rawValue.replacingOccurrences(of: "-", with: " "))"
    }
    return parts.isEmpty ? "none" : parts.joined(separator: ", ")
  }

  /// The static mutants counted apart: how many, and how they ran.
  static func staticSentence(_ statics: MutationScore) -> String {
    let count = statics.counts.values.reduce(0, +)
    return
      "\(count) static \(count == 1 ? "mutant" : "mutants") (in a global's or static's initializer, which runs once per process; each test in a fresh process)"
  }

  static func skippedSummary(_ report: MutationReport) -> String {
    report.skipped.isEmpty
      ? "no code in scope skipped"
      : "\(report.skipped.count) lines of code in scope not mutated (see the JSON report)"
  }

  static func testList(_ tests: [String]) -> String {
    guard let first = tests.first else { return "no test" }
    return tests.count == 1 ? first : "\(first) and \(tests.count - 1) more"
  }

  private static func mark(_ status: Verdict.Status) -> String {
    switch status {
    case .failed: "FAIL"
    case .warning: "WARN"
    case .notApplicable: "n/a "
    case .passed: "ok  "
    }
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }
}
