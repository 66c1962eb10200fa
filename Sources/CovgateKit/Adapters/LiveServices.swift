import CoverageAcquisition

extension PipelineServices {
  /// The real toolchain, git, history database and output folder; `observer` hears the run.
  public static func live(root: String, observer: any PipelineObserving) -> PipelineServices {
    PipelineServices(
      acquisition: LiveAcquisition(), changes: GitChanges(),
      openHistory: { try HistoryStore.open(path: $0, root: root) },
      output: AtomicReportOutput(), observer: observer)
  }
}
