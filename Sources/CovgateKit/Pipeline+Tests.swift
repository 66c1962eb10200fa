import CoverageAcquisition
import CoverageModel
import LLVMCoverage

extension Pipeline {
  /// Runs the tests once, or `repeats` times keeping each run's export apart (the next run
  /// replaces the build folder's); returns the runs' outcome as one and their exports.
  func runTests(_ request: TestRunRequest, toolchain: Toolchain, repeats: Int) throws -> (
    Acquisition, [String]
  ) {
    let observer = services.observer
    var acquisition = try services.acquisition.runTests(
      request, toolchain: toolchain, onStep: { observer.announce($0) })
    var exports = [acquisition.exportPath]
    let repeatFolder = "\(settings.outputFolder)/.repeat"
    if repeats > 1 {
      exports = [try RepeatedRuns.keep(acquisition.exportPath, run: 1, in: repeatFolder)]
      for run in 2...repeats {
        let next = try services.acquisition.runTests(
          request, toolchain: toolchain, onStep: { observer.announce($0) })
        exports.append(try RepeatedRuns.keep(next.exportPath, run: run, in: repeatFolder))
        acquisition = RepeatedRuns.combined(acquisition, next)
      }
    }
    if let timedOut = acquisition.timeout { observer.notice("covgate: error: \(timedOut)") }
    return (acquisition, exports)
  }

  /// Shards are split by how long each test took in the last run: the test map in the output
  /// folder, when there is one.
  func withLastDurations(_ settings: PerTestSettings) -> PerTestSettings {
    guard settings.shard != nil, settings.durations.isEmpty,
      let previous = try? TestMapReader.read(
        path: "\(self.settings.outputFolder)/\(TestMap.fileName)")
    else { return settings }
    var settings = settings
    settings.durations = Dictionary(previous.tests.map { ($0.id, $0.seconds) }) { first, _ in first
    }
    return settings
  }
}
