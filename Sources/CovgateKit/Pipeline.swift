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
    let report = try acquireAndEvaluate()
    let written = try publishRecordingHistory(report)
    try updateBaselineIfAsked(written.report)
    return written
  }

  /// Acquires the coverage (running the tests when the source says so) and returns the evaluated
  /// report, in pipeline order: describe -> acquire -> ingest -> gate -> name.
  /// Only acquiring differs by source; every stage after it asks the acquired value what the
  /// data holds. What the sources say is read on its own thread meanwhile: a run that builds
  /// or runs tests waits for it first, so a config mistake or a base that cannot be measured
  /// from fails before the build; otherwise it overlaps the reading of the exports. The
  /// sources' error is the run's when both fail.
  public func acquireAndEvaluate() throws -> CoverageReport {
    // A mutation report that cannot be shown fails before anything runs.
    let findings = try settings.mutationReport.map {
      try MutationFindingsFile.read(path: $0, outputFolder: settings.outputFolder)
    }
    // A run that needs the llvm tools finds them before anything else.
    let toolchain =
      settings.source.needsToolchain ? try services.acquisition.locateToolchain() : nil
    let described = try describe(swift: try toolchain?.swift ?? services.acquisition.locateSwift())
    let sourcesRead = Background { [self] in try readSourceFiles(described) }
    let acquired: AcquiredCoverage
    var read: CoverageData?
    let guessed: ExportReader.Options
    var temporaryFiles: [String] = []
    defer { for path in temporaryFiles { try? FileManager.default.removeItem(atPath: path) } }
    do {
      let early = settings.source.runsTests ? try sourcesRead.value() : nil
      if let base = settings.base {
        try services.changes.checkBase(base, root: settings.packageRoot)
      }
      acquired = try acquire(described, toolchain: toolchain)
      temporaryFiles = acquired.temporaryFiles
      guessed = readOptions(acquired, hasMarkers: early?.1.isEmpty == false, package: described)
      read = try acquired.read(guessed)
    } catch {
      _ = try sourcesRead.take()
      throw error
    }
    let (describedPackage, markers) = try sourcesRead.take()
    // Exclusion markers need more of the exports (every file's lines): read them again with it.
    let needed = readOptions(acquired, hasMarkers: !markers.isEmpty, package: describedPackage)
    if needed != guessed {
      read = nil
      read = try acquired.read(needed)
    }
    guard var data = read else { preconditionFailure("the coverage was read above") }
    let package = try withReportedTargets(describedPackage, data: data)
    data.countsMayBeLost = countsMayBeLost(binaries: acquired.binaries, package: package)

    var report = try evaluate(data, package: package, markers: markers, tests: acquired.tests)
    try StaleSources.check(data.staleSources, report: &report, origin: data.capabilities.source)
    if data.capabilities.mangledNames { name(&report) }
    if let findings, let path = settings.mutationReport {
      let sources = sources(root: settings.packageRoot)
      try MutationFindingsFile.checkSurvivors(of: findings, path: path) {
        sources.source(ofRelativePath: $0)
      }
      report.mutation = findings
    }
    if !acquired.repeatedRuns.isEmpty {
      report.varying = try VaryingCoverageFinder.find(
        report: report, exports: acquired.repeatedRuns)
    }
    if let perTest = acquired.perTest {
      services.observer.phase(.testMap)
      let (mapping, unread) = TestMapBuilder.mapping(
        binaries: acquired.binaries, platform: currentPlatform())
      if let unread {
        services.observer.notice(
          "covgate: note: the test map has no lines, only functions (mutants are given the tests of their function): \(unread)"
        )
      }
      report.testMap = try TestMapBuilder.build(
        report: report, functions: data.functions, tests: perTest.results,
        profiles: perTest.profiles, commit: services.revision(settings.packageRoot).commit,
        mapping: mapping)
    }
    return report
  }

  /// The package as described (its targets and their sources), before any source is read.
  func describe(swift: @autoclosure () throws -> String) throws -> PackageInfo {
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
  func readSourceFiles(_ described: PackageInfo) throws -> (
    PackageInfo, [String: [ExclusionMarker]]
  ) {
    let sources = sources(root: described.root)
    let package = TestFrameworkImports.marked(described) { sources.source(ofRelativePath: $0) }
    // A project that may take its targets from the data is checked once the data is read.
    if !takesReportedTargets(package) {
      try settings.config.check(against: package)
    }
    let markers = try ExclusionMarkerFinder.markers(
      package: package, config: settings.config, sources: sources, files: services.files)
    return (package, markers)
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
