import CoverageAcquisition
import CoverageModel
import CoverageReaders
import Foundation
import LLVMCoverage

/// What a source's acquisition gave the rest of the run: coverage to read, and what ran to
/// give it. The only stage that differs by source; every later one asks this value what the
/// data holds.
struct AcquiredCoverage {
  /// The coverage, read with what the later stages need of it (llvm-cov exports are read with
  /// exactly those options; data a reader already holds ignores them).
  var read: (ExportReader.Options) throws -> CoverageData
  /// How many exports are merged: several are merged per function, so need function records.
  var exportCount = 1
  /// What the later stages need whatever the formats ask (a test map needs functions and
  /// line views).
  var needs = ExportReader.Options(functions: false, lineViews: false)
  /// The instrumented binaries behind the profiles: their counter updates say whether
  /// parallel tests may have lost counts.
  var binaries: [String] = []
  /// How the tests went, where the acquisition ran them.
  var tests: TestOutcome?
  /// Each test's result and raw profiles, from which the test map is built.
  var perTest: (results: [TestCaseResult], profiles: [[String]])?
  /// Each run's export when the tests ran several times: what varied between them is listed.
  var repeatedRuns: [String] = []
  /// Files the acquisition made only for this run, removed once the coverage is read.
  var temporaryFiles: [String] = []
}

extension Pipeline {
  /// Acquires the run's coverage from its source: runs the tests, exports a build folder or a
  /// profile, or reads Xcode's reports. `toolchain` is there when the source needs it.
  func acquire(_ package: PackageInfo, toolchain: Toolchain?) throws -> AcquiredCoverage {
    switch settings.source {
    case .exports(let inputs, let buildFolder, let profile):
      let built = try buildFolder.map { try exportBuildFolder($0, toolchain: toolchain!) }
      let exported = try profile.map { [try exportProfile($0, toolchain: toolchain!)] } ?? []
      let paths = (built.map { [$0.path] } ?? []) + exported + inputs
      return AcquiredCoverage(
        read: { [self] in try ingest(paths, options: $0) }, exportCount: paths.count,
        binaries: (built?.binaries ?? []) + (profile?.objects ?? []), temporaryFiles: exported)
    case .read(let format, let files):
      guard let read = format.read else {
        preconditionFailure("\(format.id) is acquired, not read")
      }
      let observer = services.observer
      let data = try read(
        files,
        ReadContext(
          root: settings.packageRoot, lineCount: sourceLineCount,
          notice: { observer.notice($0) }))
      return AcquiredCoverage(read: { _ in data })
    case .xcresults(let bundles):
      let data = try readResultBundles(bundles)
      return AcquiredCoverage(read: { _ in data })
    case .xcodeTests(let request):
      let (data, tests) = try runXcodeTests(request)
      return AcquiredCoverage(read: { _ in data }, tests: tests)
    case .tests(let arguments, let timeout, let perTest, let repeats):
      return try acquireTestRun(
        TestRunRequest(
          root: settings.packageRoot, packageName: package.name,
          arguments: arguments + Self.atomicCounters, timeout: timeout,
          perTest: perTest.map(withLastDurations)),
        toolchain: toolchain!, repeats: repeats)
    }
  }

  /// How many lines a source at an absolute path in the package has (read once for the run);
  /// nil for a file outside it or not on disk.
  private func sourceLineCount(_ path: String) -> Int? {
    let root = settings.packageRoot + "/"
    guard path.hasPrefix(root),
      let text = sources(root: settings.packageRoot).source(
        ofRelativePath: String(path.dropFirst(root.count)))
    else { return nil }
    let newlines = text.utf8.count { $0 == UInt8(ascii: "\n") }
    return text.utf8.last == UInt8(ascii: "\n") || text.isEmpty ? newlines : newlines + 1
  }

  /// Runs the tests (`repeats` times) and says how they went: failures, crashes, what to know.
  private func acquireTestRun(_ request: TestRunRequest, toolchain: Toolchain, repeats: Int)
    throws -> AcquiredCoverage
  {
    let (acquisition, exports) = try runTests(request, toolchain: toolchain, repeats: repeats)
    for note in acquisition.notes { services.observer.notice(note) }
    let tests = TestOutcome(
      passed: acquisition.testExitCode == 0 && acquisition.timeout == nil,
      exitCode: acquisition.testExitCode, results: acquisition.results,
      recovered: acquisition.recovered, failures: acquisition.failures)
    for crashed in tests.crashed {
      services.observer.notice(
        "covgate: error: test \(crashed.id) crashed (\(crashed.signal.map { "signal \($0)" } ?? "killed")); its coverage is missing from the figures"
      )
    }
    let mapsTests = !acquisition.testProfiles.isEmpty && repeats == 1
    return AcquiredCoverage(
      read: { [self] in try ingest(exports, options: $0) }, exportCount: exports.count,
      // The map says which lines no test ran (`tests-for` on such a line).
      needs: ExportReader.Options(functions: mapsTests, lineViews: mapsTests),
      binaries: acquisition.binaries, tests: tests,
      perTest: mapsTests ? (acquisition.results, acquisition.testProfiles) : nil,
      repeatedRuns: repeats > 1 ? exports : [])
  }

  /// `--profdata` and `--object`: the export of Xcode's (or any) indexed profile, in a
  /// temporary file.
  private func exportProfile(_ profile: ProfileExport, toolchain: Toolchain) throws -> String {
    services.observer.phase(.export)
    return try services.acquisition.exportProfile(profile, toolchain: toolchain)
  }

  /// `--from-build`: exports the coverage of tests that already ran in `folder`.
  private func exportBuildFolder(_ folder: String, toolchain: Toolchain) throws -> BuildExport {
    let binPath = URL(
      fileURLWithPath: folder,
      relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    ).standardizedFileURL.resolvingSymlinksInPath().path
    guard services.files.isFolder(binPath) else { throw BuildFolderError(path: binPath) }
    let observer = services.observer
    return try services.acquisition.exportBuild(
      binPath: binPath, toolchain: toolchain, onStep: { observer.announce($0) })
  }
}

extension CoverageSource {
  /// Whether acquiring builds or runs tests: the sources' mistakes (config, base) then surface
  /// before it rather than minutes later.
  var runsTests: Bool {
    switch self {
    case .tests, .xcodeTests: true
    case .exports, .read, .xcresults: false
    }
  }

  /// Whether acquiring needs `swift` and its llvm tools (to build, merge or export).
  var needsToolchain: Bool {
    switch self {
    case .tests: true
    case .exports(_, let buildFolder, let profile): buildFolder != nil || profile != nil
    case .read, .xcresults, .xcodeTests: false
    }
  }
}
