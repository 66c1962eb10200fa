import CoverageModel

extension Pipeline {
  /// Makes the compiler update profile counters atomically: an increment two threads make at
  /// once is otherwise one, and the branch counts derived from the regions stop adding up.
  static let atomicCounters = [
    "-Xswiftc", "-Xllvm", "-Xswiftc", "-instrprof-atomic-counter-update-all",
  ]

  /// The arguments a run adds to its build: atomic counters wherever branches are derived, since
  /// code under test can run on several threads (Swift Testing runs tests in parallel in one
  /// process; async code and thread pools run anywhere). Plain and per-test runs build the same
  /// way, so that they share one build.
  func atomicCounterArguments(_ package: PackageInfo) -> [String] {
    derivesBranches(package) ? Self.atomicCounters : []
  }
}
