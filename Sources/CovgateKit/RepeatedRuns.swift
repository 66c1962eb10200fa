import CoverageAcquisition
import Foundation

/// `run --repeat N`: the runs' exports kept apart, and the runs' outcome as one.
enum RepeatedRuns {
  /// Copies a run's export to `run-N.json` in `folder` (the output folder's `.repeat`).
  static func keep(_ export: String, run: Int, in folder: String) throws -> String {
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
    let earlierFailures = Dictionary(
      first.results.filter { $0.status != .passed }.map { ($0.id, $0) }
    ) { a, _ in a }
    combined.results = next.results.map { $0.status == .passed ? earlierFailures[$0.id] ?? $0 : $0 }
    combined.recovered = first.recovered + next.recovered
    combined.notes = first.notes + next.notes.filter { !first.notes.contains($0) }
    return combined
  }
}
