extension CoverageReport {
  /// The files a rule of their own failed (a file minimum): the gate judged them alone, so
  /// their figures below the minimum are failures, not only parts of a layer below it.
  public var filesFailedAlone: Set<String> {
    Set(gate.verdicts.filter { $0.rule == .fileMinimum && $0.status == .failed }.map(\.scope))
  }
}
