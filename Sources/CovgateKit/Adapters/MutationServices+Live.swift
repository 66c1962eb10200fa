import CoverageAcquisition
import Mutation

extension MutationServices {
  /// The real toolchain and git, the pipeline's own per-test run for the first run of the
  /// tests; `observer` hears the run.
  public static func live(root: String, observer: any PipelineObserving) -> MutationServices {
    let pipeline = PipelineServices.live(root: root, observer: observer)
    return MutationServices(
      tests: LiveAcquisition(),
      baseline: { run in
        let settings = RunSettings(
          packageRoot: run.root, config: run.config,
          source: .tests(arguments: [], timeout: nil, perTest: run.perTest, repeat: 1),
          outputFolder: run.outputFolder, formats: [], recordsHistory: false)
        return try Pipeline(settings: settings, services: pipeline).acquireAndEvaluate()
      },
      changes: { base, root in try pipeline.changes.changes(since: base, root: root) },
      commit: { pipeline.revision($0).commit },
      phase: { observer.phase(Phase($0)) },
      notice: { observer.notice($0) })
  }
}
