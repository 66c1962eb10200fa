import CoverageAcquisition
import CoverageGate
import CoverageModel
import CoverageReports
import CovgateSupport
import Foundation
import LLVMCoverage

/// covgate's run as a library: describe -> acquire -> ingest -> gate -> name -> publish ->
/// record, from one `RunSettings` value, each stage a call with a value in and a value out.
public struct Pipeline: Sendable {
  public let settings: RunSettings
  public let services: PipelineServices
  /// The package's sources, each read once by all the stages of the run.
  private let packageSources: PackageSources

  public init(settings: RunSettings, services: PipelineServices) {
    self.settings = settings
    self.services = services
    packageSources = PackageSources(root: settings.packageRoot)
  }

  /// The sources under `root`: the run's own, read once, for the package's root.
  func sources(root: String) -> PackageSources {
    root == settings.packageRoot ? packageSources : PackageSources(root: root)
  }

  /// The whole run: the report is evaluated, published (with the trend of earlier runs) and
  /// recorded, and the baseline raised when asked.
  public func run() throws -> PipelineResult {
    // Caches saved on their own thread meanwhile are whole before the run returns.
    defer { LateWrites.finish() }
    let report = try evaluatedReport()
    let written = try publishRecordingHistory(report)
    try updateBaselineIfAsked(written.report)
    return written
  }

  /// The evaluated report, in pipeline order: describe -> acquire -> ingest -> gate -> name.
  /// The package and what its sources say come first (config mistakes surface before anything
  /// is built), so the exports are read with exactly what the run needs of them; the one
  /// overlap: exports already made are read while the sources are (`ingestReadingSources`).
  public func evaluatedReport() throws -> CoverageReport {
    switch settings.source {
    case .exports(let inputs, let buildFolder, let profile):
      let described = try describe(swift: try services.acquisition.locateSwift())
      let built = try exportBuildFolder(buildFolder)
      let exported = try exportProfile(profile)
      defer { for path in exported { try? FileManager.default.removeItem(atPath: path) } }
      var (data, package, markers) = try ingestReadingSources(
        (built.map { [$0.path] } ?? []) + exported + inputs, described: described)
      data.countsMayBeLost = countsMayBeLost(
        binaries: (built?.binaries ?? []) + (profile?.objects ?? []), package: package)
      return try gateAndName(data, package: package, markers: markers, tests: nil)
    case .xccov(let reports, let archives):
      let (package, markers) = try readSources(
        describe(swift: try services.acquisition.locateSwift()))
      let data = try XccovCoverage.read(reports: reports, archives: archives)
      return try gateAndName(data, package: package, markers: markers, tests: nil)
    case .xcresults(let bundles):
      let (package, markers) = try readSources(
        describe(swift: try services.acquisition.locateSwift()))
      let data = try readResultBundles(bundles)
      return try gateAndName(data, package: package, markers: markers, tests: nil)
    case .xcodeTests(let request):
      let (package, markers) = try readSources(
        describe(swift: try services.acquisition.locateSwift()))
      if let base = settings.base {
        try services.changes.checkBase(base, root: settings.packageRoot)
      }
      let (data, tests) = try runXcodeTests(request)
      return try gateAndName(data, package: package, markers: markers, tests: tests)
    case .tests(let arguments, let timeout, let perTest, let repeats):
      let toolchain = try services.acquisition.locateToolchain()
      let (package, markers) = try readSources(describe(swift: toolchain.swift))
      // A base that cannot be measured from fails now, not after the build and the tests.
      if let base = settings.base {
        try services.changes.checkBase(base, root: settings.packageRoot)
      }
      let request = TestRunRequest(
        root: settings.packageRoot, packageName: package.name,
        arguments: arguments + Self.atomicCounters, timeout: timeout,
        perTest: perTest.map(withLastDurations))
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
      var options = readOptions(exports.count, markers: !markers.isEmpty, package: package)
      options.functions = options.functions || mapsTests
      // The map says which lines no test ran (`tests-for` on such a line).
      options.lineViews = options.lineViews || mapsTests
      var data = try ingest(exports, options: options)
      data.countsMayBeLost = countsMayBeLost(binaries: acquisition.binaries, package: package)
      var report = try gateAndName(data, package: package, markers: markers, tests: tests)
      if repeats > 1 {
        report.varying = try VaryingCoverageFinder.find(report: report, exports: exports)
      }
      if mapsTests {
        services.observer.phase(.testMap)
        report.testMap = try TestMapBuilder.build(
          report: report, functions: data.functions, tests: acquisition.results,
          profiles: acquisition.testProfiles,
          commit: services.revision(settings.packageRoot).commit)
      }
      return report
    }
  }

  /// The package as described (its targets and their sources), before any source is read.
  private func describe(swift: @autoclosure () throws -> String) throws -> PackageInfo {
    let root = settings.packageRoot
    if let file = settings.packageDescriptionPath {
      return try PackageDescriptionFile(path: file).read(root: root)
    }
    if ProjectDescriber.isPackage(root: root) {
      return try services.acquisition.describePackage(
        root: root, swift: try swift(), cacheFolder: settings.cacheFolder)
    }
    return try ProjectDescriber.describe(
      root: root, targets: settings.config.projectTargets.map { ($0.name, $0.folder) })
  }

  /// What the package's sources say: its test-support libraries marked (and the package then
  /// checked against the config's layers), and the exclusion markers by package-relative path.
  func readSources(_ described: PackageInfo) throws -> (
    PackageInfo, [String: [ExclusionMarker]]
  ) {
    let sources = sources(root: described.root)
    let package = TestFrameworkImports.marked(described) { sources.source(ofRelativePath: $0) }
    try settings.config.check(against: package)
    let markers = try ExclusionMarkerFinder.markers(
      package: package, config: settings.config, sources: sources, files: services.files)
    return (package, markers)
  }

  /// Gates the data into the complete report, then gives its functions readable names.
  private func gateAndName(
    _ data: CoverageData, package: PackageInfo, markers: [String: [ExclusionMarker]],
    tests: TestOutcome?
  ) throws -> CoverageReport {
    var report = try evaluate(data, package: package, markers: markers, tests: tests)
    if data.capabilities.mangledNames { name(&report) }
    return report
  }

  /// Scopes, classifies and evaluates the data into the complete report.
  func evaluate(
    _ data: CoverageData, package: PackageInfo, markers: [String: [ExclusionMarker]],
    tests: TestOutcome?
  ) throws -> CoverageReport {
    services.observer.phase(.evaluate)
    let changes = try settings.base.map {
      try services.changes.changes(since: $0, root: settings.packageRoot)
    }
    let input = GateInput(
      data: data, package: package, config: settings.config, pathMaps: settings.pathMaps,
      markers: markers, changes: changes,
      baseline: try BaselineFile(path: settings.baselinePath).read(from: services.files),
      tests: tests, links: services.files,
      branches: data.capabilities.functionRegions && derivesBranches(package)
        ? SourceBranchDeriver(
          cacheFolder: settings.cacheFolder, sources: sources(root: package.root),
          countsMayBeLost: data.countsMayBeLost) : nil)
    return try Gate.evaluate(input)
  }

  /// Whether branches are derived: the config asks for it and the package's sources are on
  /// disk to parse (an export of code whose sources are not here reads no function records for
  /// them). One look per target folder, not one per source: 50,000 sources that are not here
  /// cost as many failed looks.
  func derivesBranches(_ package: PackageInfo) -> Bool {
    guard settings.derivesBranches else { return false }
    return package.targets.contains { target in
      target.kind != .test && !target.sources.isEmpty
        && services.files.exists("\(package.root)/\(target.path)")
    }
  }

  /// `--profdata` and `--object`: the export of Xcode's (or any) indexed profile, in a
  /// temporary file; none without a profile.
  private func exportProfile(_ profile: ProfileExport?) throws -> [String] {
    guard let profile else { return [] }
    services.observer.phase(.export)
    return [
      try services.acquisition.exportProfile(
        profile, toolchain: try services.acquisition.locateToolchain())
    ]
  }

  /// `--from-build`: exports the coverage of tests that already ran in `folder`; none without one.
  private func exportBuildFolder(_ folder: String?) throws -> BuildExport? {
    guard let folder else { return nil }
    let binPath = URL(
      fileURLWithPath: folder,
      relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    ).standardizedFileURL.resolvingSymlinksInPath().path
    guard services.files.isFolder(binPath) else { throw BuildFolderError(path: binPath) }
    let observer = services.observer
    return try services.acquisition.exportBuild(
      binPath: binPath, toolchain: try services.acquisition.locateToolchain(),
      onStep: { observer.phase(Phase($0)) })
  }
}

/// What a run produced: the published report and where it went.
public struct PipelineResult: Sendable {
  public var report: CoverageReport
  /// The report files written, relative to `folder`.
  public var files: [String]
  public var folder: String

  /// covgate's verdict on the run: failed tests first, then the gate.
  public var outcome: RunOutcome {
    if let tests = report.tests, !tests.passed { return .testsFailed }
    return report.gate.passed ? .passed : .gateFailed
  }
}

/// How a run ended, each with its documented exit code.
public enum RunOutcome: Int32, Sendable {
  case passed = 0
  case gateFailed = 1
  case testsFailed = 3
}
