import CoverageAcquisition
import Mutation

extension MutationServices {
  /// The real toolchain and git, the pipeline's own placing of sources and per-test run for
  /// the test map; `observer` hears the run.
  public static func live(root: String, observer: any PipelineObserving) -> MutationServices {
    let pipeline = PipelineServices.live(root: root, observer: observer)
    return MutationServices(
      tests: LiveAcquisition(),
      // What the per-test run's build passes (`TestRunner.buildTests`), in its order: the
      // mutated build is then the one the test map is taken from.
      coverageBuildFlags: ["--enable-code-coverage"] + Pipeline.atomicCounters,
      sources: { root, config, cacheFolder in
        let settings = RunSettings(
          packageRoot: root, config: config,
          source: .tests(arguments: [], timeout: nil, perTest: nil, repeat: 1), formats: [],
          recordsHistory: false, cacheFolder: cacheFolder)
        return try Pipeline(settings: settings, services: pipeline).sourcesReport()
      },
      baseline: { run in
        let settings = RunSettings(
          packageRoot: run.root, config: run.config,
          source: .tests(arguments: [], timeout: nil, perTest: run.perTest, repeat: 1),
          outputFolder: run.outputFolder, formats: [], recordsHistory: false,
          cacheFolder: run.cacheFolder)
        return try Pipeline(settings: settings, services: pipeline).acquireAndEvaluate()
      },
      changes: { base, root in try pipeline.changes.changes(since: base, root: root) },
      commit: { pipeline.revision($0).commit },
      phase: { observer.phase(Phase($0)) },
      notice: { observer.notice($0) })
  }
}
