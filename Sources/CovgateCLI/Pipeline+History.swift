import CoverageGate
import CoverageHistory
import CoverageModel
import Foundation
import LLVMCoverage

extension Pipeline {
  /// How many earlier runs the trend chart shows besides this one.
  static let trendLength = 49

  /// Writes the reports with the trend of earlier runs, then appends this run to the history.
  ///
  /// The history never changes the outcome: when it cannot be read or written, one warning
  /// goes to standard error and the reports are written all the same.
  func publishRecordingHistory(_ report: CoverageReport, config: GateConfig, root: String) throws {
    guard config.history.enabled, !options.noHistory else { return try publish(report, root: root) }
    let revision = SourceRevision.resolve(
      root: root, environment: ProcessInfo.processInfo.environment, runner: LiveCommandRunner())
    let run = RecordedRun(
      report: report, date: Date(), commit: revision.commit, branch: revision.branch)
    var report = report
    var database: HistoryDatabase?
    do {
      let opened = try HistoryDatabase.open(path: config.history.resolvedPath(root: root))
      report.history =
        try opened.recentRuns(limit: Self.trendLength).map(\.historyPoint) + [run.historyPoint]
      database = opened
    } catch {
      warnAboutHistory(error)
    }
    try publish(report, root: root)
    do {
      try database?.record(run)
    } catch {
      warnAboutHistory(error)
    }
  }

  private func warnAboutHistory(_ error: Error) {
    terminal.printError("covgate: warning: \(error); this run was not recorded")
  }
}
