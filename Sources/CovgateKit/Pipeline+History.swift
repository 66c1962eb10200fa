import CoverageModel
import CoverageReports

extension Pipeline {
  /// How many earlier runs the trend chart shows besides this one.
  static let trendLength = 49

  /// Publishes the report with the trend of earlier runs, then records this run.
  ///
  /// The history never changes the outcome: when it cannot be read or written, one notice
  /// says so and the reports are written all the same.
  func publishRecordingHistory(_ report: CoverageReport) throws -> PipelineResult {
    guard settings.recordsHistory, let path = settings.historyPath else {
      return try publish(report)
    }
    var report = report
    var history: (any HistoryStoring)?
    do {
      let opened = try services.openHistory(path)
      report.history =
        try opened.recentPoints(limit: Self.trendLength) + [opened.point(for: report)]
      history = opened
    } catch {
      warnAboutHistory(error)
    }
    let result = try publish(report)
    do {
      try history?.record(report)
    } catch {
      warnAboutHistory(error)
    }
    return result
  }

  /// Renders every requested format, then writes them all at once: a failure leaves the
  /// previous reports untouched.
  public func publish(_ report: CoverageReport) throws -> PipelineResult {
    services.observer.phase(.report)
    let context = RenderContext(
      sources: sources(root: report.packageRoot), heading: settings.heading)
    let files =
      try settings.formats.flatMap { try $0.renderer(context).render(report) }
      + TestMapFile().render(report)
    let folder = settings.outputFolder
    try services.output.write(files, to: folder)
    return PipelineResult(report: report, files: files.map(\.path), folder: folder)
  }

  private func warnAboutHistory(_ error: Error) {
    services.observer.notice("covgate: warning: \(error); this run was not recorded")
  }
}
