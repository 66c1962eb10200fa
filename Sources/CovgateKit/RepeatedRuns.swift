import CoverageAcquisition
import Foundation

/// `run --repeat N`: the runs' exports kept apart, and the runs' outcome as one.
enum RepeatedRuns {
  /// Copies a run's export to `.build/covgate-repeat/run-N.json` in the package.
  static func keep(_ export: String, run: Int, root: String) throws -> String {
    let folder = "\(root)/.build/covgate-repeat"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let kept = "\(folder)/run-\(run).json"
    try? FileManager.default.removeItem(atPath: kept)
    try FileManager.default.copyItem(atPath: export, toPath: kept)
    return kept
  }

  /// The tests passed only if they passed in every run; a timeout in any run stands.
  static func combined(_ first: Acquisition, _ next: Acquisition) -> Acquisition {
    var combined = next
    combined.testExitCode = first.testExitCode != 0 ? first.testExitCode : next.testExitCode
    combined.timeout = first.timeout ?? next.timeout
    // One result a test: a run in which it did not pass wins.
    let earlierFailures = Dictionary(first.results.filter { $0.status != .passed }.map { ($0.id, $0) }) { a, _ in a }
    combined.results = next.results.map { $0.status == .passed ? earlierFailures[$0.id] ?? $0 : $0 }
    combined.recovered = first.recovered + next.recovered
    return combined
  }
}
