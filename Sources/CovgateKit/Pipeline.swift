import CoverageAcquisition
import CoverageGate
import CoverageModel
import CoverageReports
import Foundation
import LLVMCoverage

/// covgate's run as a library: acquire → ingest → evaluate → publish → record, from one
/// `RunSettings` value, reaching outside only through `PipelineServices`.
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

  /// The evaluated report: the package and its markers first (config mistakes surface before
  /// anything is built), then the coverage, read once with what the formats and markers need.
  public func evaluatedReport() throws -> CoverageReport {
    let root = settings.packageRoot
    switch settings.source {
    case .exports(let inputs, let buildFolder):
      // Exports that need nothing built are read from the start, on one core, while the
      // package is described and its sources searched for markers on the other: read as
      // branches need them (the config asks for them; a checkout is here, so its sources most
      // likely are) and keeping what markers would need.
      let pipeline = self
      let scope = ScopeAhead()
      let early =
        buildFolder == nil && settings.derivesBranches
          && FileManager.default.fileExists(atPath: "\(root)/Package.swift")
        ? Background {
          try pipeline.ingest(inputs, hasMarkers: true, functions: true, scope: scope)
        }
        : nil
      // Not read as a run deriving branches reads: what the command line began is not needed.
      if early == nil { settings.readAhead?.abandon() }
      let described: PackageInfo
      do {
        described = try readDescription(swift: try services.acquisition.locateSwift())
      } catch {
        scope.publish(nil)
        throw error
      }
      // Before the sources are read for test-framework imports: the package as described
      // measures every library those would make test support, so the scope told ahead keeps
      // at least what the gate keeps.
      scope.publish(Gate.scoper(package: described, config: settings.config))
      let paths = try (buildFolder.map { [try exportBuildFolder($0)] } ?? []) + inputs
      guard derivesBranches(described) else {
        // Sources not here (an export from another machine): read again as the figures need.
        let (package, markers) = try prepare(described)
        return try evaluate(
          try ingest(paths, hasMarkers: !markers.isEmpty), package: package, markers: markers,
          tests: nil)
      }
      let reading =
        early
        ?? Background {
          try pipeline.ingest(paths, hasMarkers: true, functions: true, scope: scope)
        }
      let (package, markers) = try prepare(described)
      let data = try reading.take()
      let report = try evaluate(data, package: package, markers: markers, tests: nil)
      Discard.onAnotherThread(data)
      return report
    case .tests(let arguments, let timeout, let perTest, let repeats):
      let toolchain = try services.acquisition.locateToolchain()
      let (package, markers) = try prepare(try readDescription(swift: toolchain.swift))
      let request = TestRunRequest(
        root: root, packageName: package.name,
        arguments: arguments + atomicCounterArguments(package),
        timeout: timeout,
        perTest: perTest.map(withLastDurations))
      let (acquisition, exports) = try runTests(request, toolchain: toolchain, repeats: repeats)
      let tests = TestOutcome(
        passed: acquisition.testExitCode == 0 && acquisition.timeout == nil,
        exitCode: acquisition.testExitCode, results: acquisition.results,
        recovered: acquisition.recovered)
      for crashed in tests.crashed {
        services.observer.notice(
          "covgate: error: test \(crashed.id) crashed (\(crashed.signal.map { "signal \($0)" } ?? "killed")); its coverage is missing from the figures"
        )
      }
      let mapsTests = !acquisition.testProfiles.isEmpty && repeats == 1
      let data = try ingest(
        exports, hasMarkers: !markers.isEmpty, functions: mapsTests || derivesBranches(package))
      var report = try evaluate(data, package: package, markers: markers, tests: tests)
      if repeats > 1 {
        report.varying = try VaryingCoverageFinder.find(report: report, exports: exports)
      }
      if mapsTests {
        services.observer.phase(.testMap)
        report.testMap = try TestMapBuilder.build(
          report: report, functions: data.functions, tests: acquisition.results,
          profiles: acquisition.testProfiles,
          commit: services.revision(root).commit)
      }
      return report
    }
  }

  /// The package, checked against the config's layers, and the exclusion markers in its
  /// sources: known before any coverage is read.
  private func prepare(_ described: PackageInfo) throws -> (
    PackageInfo, [String: [ExclusionMarker]]
  ) {
    let package = try checked(described)
    return (
      package,
      try ExclusionMarkerFinder.markers(
        package: package, config: settings.config, sources: sources(root: package.root))
    )
  }

  /// The package's targets as described, from the description file when given.
  private func readDescription(swift: @autoclosure () throws -> String) throws -> PackageInfo {
    let root = settings.packageRoot
    if let description = settings.packageDescriptionPath {
      return try PackageDescriptionFile(path: description).read(root: root)
    }
    return try services.acquisition.describePackage(root: root, swift: try swift())
  }

  /// `described` with its test-support libraries marked, checked against the config's layers.
  private func checked(_ described: PackageInfo) throws -> PackageInfo {
    let sources = sources(root: described.root)
    let package = TestFrameworkImports.marked(described) { sources.source(ofRelativePath: $0) }
    try settings.config.check(against: package)
    return package
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
    var input = GateInput(
      data: data, package: package, config: settings.config, pathMaps: settings.pathMaps,
      markers: markers, changes: changes,
      baseline: try BaselineFile(path: settings.baselinePath).read(),
      tests: tests, links: DiskSymlinks(),
      branches: derivesBranches(package)
        ? SourceBranchDeriver(
          cacheFolder: settings.cacheFolder, sources: sources(root: package.root)) : nil)
    if settings.formats.contains(where: \.needsFunctions) {
      // A kept function the name cache lacks (a first run) gets the demangler ready while the
      // gate goes on; the functions of tests and dependencies never ask for it.
      let (acquisition, cacheFolder) = (services.acquisition, settings.cacheFolder)
      input.keptFiles = { files in
        if files.contains(where: { $0.coverage.functions.contains(where: \.lacksReadableName) }) {
          acquisition.prepareToDemangle(cacheFolder: cacheFolder)
        }
      }
    }
    var report = try Gate.evaluate(input)
    nameFunctions(&report)
    nameRisks(&report)
    return report
  }

  /// Whether branches are derived: the config asks for it and the package's sources are on
  /// disk to parse (an export of code whose sources are not here reads no function records for
  /// them). One look per target folder, not one per source: 50,000 sources that are not here
  /// cost as many failed looks.
  func derivesBranches(_ package: PackageInfo) -> Bool {
    guard settings.derivesBranches else { return false }
    return package.targets.contains { target in
      target.kind != .test && !target.sources.isEmpty
        && FileManager.default.fileExists(atPath: "\(package.root)/\(target.path)")
    }
  }

  /// `--from-build`: exports the coverage of tests that already ran in `folder`.
  private func exportBuildFolder(_ folder: String) throws -> String {
    let binPath = URL(
      fileURLWithPath: folder,
      relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    ).standardizedFileURL.resolvingSymlinksInPath().path
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: binPath, isDirectory: &isFolder),
      isFolder.boolValue
    else { throw BuildFolderError(path: binPath) }
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
