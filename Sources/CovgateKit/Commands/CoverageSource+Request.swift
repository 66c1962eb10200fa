import CoverageAcquisition

/// The sources of coverage as the command line names them, in plain values (paths absolute):
/// the values the runners and readers take are made here.
extension CoverageSource {
  /// `swift test` with `arguments`, stopped after `timeout` seconds; with `perTest`, each test
  /// in a process of its own; with `repeat` above 1, that many runs merged.
  public static func swiftTest(
    arguments: [String], timeout: Double?, perTest: PerTestRequest?, repeat repeats: Int = 1
  ) -> CoverageSource {
    .tests(arguments: arguments, timeout: timeout, perTest: perTest?.settings, repeat: repeats)
  }

  /// llvm-cov exports; with `buildFolder`, first the export of the tests that ran there; with
  /// `profdata`, first the export of that indexed profile and its `objects`.
  public static func llvmCovExports(
    _ files: [String], buildFolder: String?, profdata: String?, objects: [String]
  ) -> CoverageSource {
    .exports(
      files, buildFolder: buildFolder,
      profile: profdata.map { ProfileExport(profdata: $0, objects: objects) })
  }

  /// `xcodebuild test` of `scheme` with coverage, run in `root` (macOS).
  public static func xcodebuild(
    scheme: String, workspace: String?, project: String?, destination: String?,
    testPlan: String?, root: String
  ) -> CoverageSource {
    .xcodeTests(
      XcodeTestRequest(
        scheme: scheme, workspace: workspace, project: project, destination: destination,
        testPlan: testPlan, root: root))
  }
}
