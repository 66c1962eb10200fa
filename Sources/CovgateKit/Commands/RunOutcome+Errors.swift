import CoverageAcquisition

extension RunOutcome {
  /// How `error` ends a run: `.testsFailed` (exit 3) for a test run that failed, timed out or
  /// lost its coverage before writing any; nil for every other error (nothing measured, exit 2).
  public init?(error: any Error) {
    switch error {
    case is TestTimeout, is TestRunFailure, is XcodeTestsFailed, is CoverageLost:
      self = .testsFailed
    default:
      return nil
    }
  }
}
