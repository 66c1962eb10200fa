import CoverageAcquisition
import CoverageGate
import CoverageModel
import CoverageReports
import Foundation
import LLVMCoverage
import XCTest

@testable import CovgateKit

/// The pipeline as a library, with fakes at the process and file boundaries: the order of the
/// stages, what each is given, and the complete report.
final class PipelineTests: XCTestCase {
  var fixture: PipelinePackage!
  var log: EventLog!
  private var output: CapturingOutput!
  private var history: FakeHistory!

  override func setUpWithError() throws {
    fixture = try PipelinePackage()
    log = EventLog()
    output = CapturingOutput(log: log)
    history = FakeHistory(
      log: log,
      earlier: [
        HistoryPoint(
          date: Date(timeIntervalSince1970: 1), commit: "old", passed: true,
          lines: Metric(covered: 1, count: 2))
      ])
  }

  override func tearDown() {
    fixture.remove()
  }

  func pipeline(
    _ source: CoverageSource = .tests(arguments: ["--parallel"]), config yaml: String? = nil,
    testExitCode: Int32 = 0, base: String? = nil, formats: [ReportFormat] = [.json],
    changes: [ChangedFile] = [],
    openHistory: (@Sendable (String) throws -> any HistoryStoring)? = nil,
    updatesBaseline: Bool = false, missingToolchain: ToolchainError? = nil,
    reading: OpenWatch? = nil, readingWait: Double = 10, describeFails: (any Error)? = nil,
    files: (any PackageFiles)? = nil
  ) throws -> Pipeline {
    let config =
      try yaml.map { try ConfigLoader.parse($0, file: "\(fixture.root)/.covgate.yml") } ?? .defaults
    var acquisition = FakeAcquisition(
      log: log, package: fixture.package, exportPath: fixture.exportPath)
    acquisition.testExitCode = testExitCode
    acquisition.missingToolchain = missingToolchain
    acquisition.reading = reading
    acquisition.readingWait = readingWait
    acquisition.describeFails = describeFails
    let history = self.history!
    var settings = RunSettings(
      packageRoot: fixture.root, config: config, source: source, outputFolder: "/out",
      formats: formats, base: base, updatesBaseline: updatesBaseline)
    settings.historyPath = "/history.sqlite"
    return Pipeline(
      settings: settings,
      services: PipelineServices(
        acquisition: acquisition, changes: FakeChanges(log: log, files: changes),
        openHistory: openHistory ?? { _ in history }, output: output,
        observer: RecordingObserver(log: log), files: files ?? DiskFiles()))
  }

  /// Branches are derived only where a source is on disk to parse: an export of code whose
  /// sources are elsewhere costs no function records for them.
  func testBranchesAreDerivedOnlyWithASourceOnDisk() throws {
    let pipeline = try pipeline()
    XCTAssertTrue(pipeline.derivesBranches(fixture.package))
    var elsewhere = fixture.package
    elsewhere.root = "/nonexistent-\(UUID().uuidString)"
    XCTAssertFalse(pipeline.derivesBranches(elsewhere))
    let report = try pipeline.acquireAndEvaluate()
    XCTAssertTrue(report.derivesBranches, "the fixture's sources are on disk")
  }

  func testATestRunFindsTheToolsDescribesRunsEvaluatesPublishesThenRecords() throws {
    let result = try pipeline().run()

    XCTAssertEqual(
      log.events,
      [
        "locate toolchain", "describe /t/swift",
        "run tests --parallel -Xswiftc -Xllvm -Xswiftc -instrprof-atomic-counter-update-all"
          + " -Xswiftc -Xfrontend -Xswiftc -disable-incremental-llvm-codegen",
        "phase build and test",
        "phase evaluate", "demangle 1", "read history", "phase report", "write covgate.json",
        "record history",
      ])
    XCTAssertEqual(result.report.totals.lines, Metric(covered: 6, count: 9))
    XCTAssertEqual(
      result.report.files.map(\.path), ["Sources/Core/A.swift", "Sources/Core/B.swift"])
    XCTAssertEqual(result.report.tests, TestOutcome(passed: true, exitCode: 0))
    XCTAssertEqual(result.outcome, .passed, "66% of lines meets the default 60% minimum")
    XCTAssertEqual(result.files, ["covgate.json"])
    XCTAssertNotNil(output.written["/out/covgate.json"])
  }

  /// What `covgate mutate` finds its mutants in: the package's sources placed and put into
  /// layers as a run places them, before anything is built or run.
  func testTheSourcesReportPlacesTheSourcesAsARunDoesWithoutRunningAnything() throws {
    let pipeline = try pipeline(
      config:
        "layers:\n  logic:\n    default: true\n  ui:\n    gated: false\n    paths: [\"**/B.swift\"]\n"
    )
    let sources = try pipeline.sourcesReport()
    XCTAssertEqual(log.events, ["locate swift", "describe /t/swift", "phase evaluate"])
    XCTAssertEqual(sources.totals.lines.covered, 0)
    let run = try pipeline.acquireAndEvaluate()
    XCTAssertEqual(sources.files.map(\.path), run.files.map(\.path))
    XCTAssertEqual(sources.files.map(\.layer), run.files.map(\.layer))
    XCTAssertEqual(sources.files.map(\.layer), ["logic", "ui"])
    XCTAssertEqual(sources.files.map(\.target), run.files.map(\.target))
    XCTAssertEqual(sources.layers.map(\.gated), [true, false])
    XCTAssertEqual(sources.layers.map(\.gated), run.layers.map(\.gated))
    // An exclusion marker is where the run has it, though nothing has counts.
    try fixture.write(
      "Sources/Core/A.swift",
      "// covgate:ignore-next-line logging only\n"
        + (2...7).map { "// line \($0)" }.joined(separator: "\n")
        + "\n")
    let marked = try self.pipeline().sourcesReport().exclusions
    XCTAssertEqual(marked.map(\.path), ["Sources/Core/A.swift"])
    XCTAssertEqual(marked.map(\.firstLine), [2])
    XCTAssertEqual(marked.map(\.reason), ["logging only"])
  }

  func testAFailedTestRunIsTheOutcomeEvenWhenTheGatePasses() throws {
    let result = try pipeline(testExitCode: 1).run()

    XCTAssertTrue(result.report.gate.passed)
    XCTAssertEqual(result.outcome, .testsFailed)
    XCTAssertEqual(history.recorded.count, 1, "a red run is still recorded")
  }

  func testAConfigLayerNamingNoTargetFailsBeforeAnythingRuns() throws {
    let yaml = "layers:\n  logic:\n    targets: [Coer]\n"
    XCTAssertThrowsError(try pipeline(config: yaml).run()) { error in
      XCTAssertTrue(
        String(describing: error).hasSuffix(
          ".covgate.yml:3:15: layer 'logic': target 'Coer' is not a target of the package (did you mean 'Core'?); the measured targets are Core"
        ),
        "\(error)")
    }
    XCTAssertEqual(log.events, ["locate toolchain", "describe /t/swift"], "no test ran")
    XCTAssertTrue(output.written.isEmpty)
  }

  func testAMissingToolchainStopsTheRunBeforeThePackageIsDescribed() throws {
    let missing = ToolchainError.toolMissing(tool: "llvm-cov", swift: "/t/swift")
    XCTAssertThrowsError(try pipeline(missingToolchain: missing).run()) {
      XCTAssertEqual($0 as? ToolchainError, missing)
    }
    XCTAssertEqual(log.events, ["locate toolchain"])
    XCTAssertTrue(output.written.isEmpty)
  }

  func testAGateBelowItsMinimumIsTheGateFailedOutcome() throws {
    let yaml = "layers:\n  logic:\n    targets: [Core]\n    lines: 90\n"
    let result = try pipeline(config: yaml).run()

    XCTAssertEqual(result.outcome, .gateFailed)
    XCTAssertEqual(
      result.report.gate.failures.map(\.message),
      ["logic: lines 66.66% (6/9) is below the minimum 90%"])
  }

  func testExportsAreReadWithoutRunningTheTests() throws {
    let result = try pipeline(.exports([fixture.exportPath])).run()

    XCTAssertFalse(log.events.contains { $0.hasPrefix("run tests") || $0 == "locate toolchain" })
    XCTAssertNil(result.report.tests)
    XCTAssertEqual(result.report.totals.lines, Metric(covered: 6, count: 9))
  }

  /// The package is described before any export is read: config mistakes surface first, and
  /// the export is read with exactly what the run needs of it (no line views or function records
  /// read just in case, which held a large export's whole content in memory). Its functions are
  /// named once, after the gate.
  func testThePackageIsDescribedBeforeTheExportIsRead() throws {
    let events = try exportsRead(describingWaitsUpTo: 0)
    XCTAssertEqual(events.first { $0.hasPrefix("export") }, "export not opened", "\(events)")
    let describe = try XCTUnwrap(events.firstIndex(of: "describe /t/swift"), "\(events)")
    XCTAssertLessThan(describe, try XCTUnwrap(events.firstIndex(of: "demangle 3"), "\(events)"))
    XCTAssertEqual(events.filter { $0.hasPrefix("demangle") }, ["demangle 3"], "asked once")
  }

  /// The log of a run of the fixture's export, the description waiting up to `seconds` for
  /// the export to be opened.
  private func exportsRead(describingWaitsUpTo seconds: Double) throws -> [String] {
    _ = try pipeline(
      .exports([fixture.exportPath]), formats: [.lcov],
      reading: try OpenWatch(path: fixture.exportPath), readingWait: seconds
    ).run()
    return log.events
  }

  /// An export given as it is gives the report a test run of the same export gives.
  func testAnExportGivesTheReportATestRunGives() throws {
    let config = "exclude: [\"Sources/Core/B.swift\"]\n"
    let report = try pipeline(.exports([fixture.exportPath]), config: config, formats: [.lcov])
      .run().report
    let whole = try pipeline(config: config, formats: [.lcov]).run().report
    XCTAssertEqual(report.files, whole.files)
    XCTAssertEqual(report.excludedFiles, whole.excludedFiles)
    XCTAssertEqual(report.totals, whole.totals)
    XCTAssertEqual(report.files.first?.coverage.functions.map(\.name), ["a", "b"])
  }

  func testABuildFolderIsExportedFirst() throws {
    let folder = fixture.root + "/Sources"
    _ = try pipeline(.exports([], buildFolder: folder)).run()

    XCTAssertTrue(log.events.contains("export build \(folder)"), "\(log.events)")
  }

  /// A base git does not know fails the run before the tests are built and run.
  func testAnUnknownBaseFailsBeforeTheTestsRun() throws {
    XCTAssertThrowsError(try pipeline(base: "no-such-ref").run()) { error in
      XCTAssertEqual(error as? PatchError, .baseNotFound(base: "no-such-ref"))
    }
    XCTAssertTrue(log.events.contains("check base no-such-ref"), "\(log.events)")
    XCTAssertFalse(log.events.contains { $0.hasPrefix("run tests") }, "\(log.events)")
  }

  func testTheReportIsCompleteWithPatchCoverageFromTheChangesSinceTheBase() throws {
    let yaml = "layers:\n  logic:\n    targets: [Core]\npatch:\n  minimum: 80\n"
    let changes = [ChangedFile(path: "Sources/Core/A.swift", addedLines: [2, 6])]
    let result = try pipeline(config: yaml, base: "origin/main", changes: changes).run()

    XCTAssertTrue(log.events.contains("changes since origin/main"))
    let patch = try XCTUnwrap(result.report.patch)
    XCTAssertEqual(patch.baseCommit, "abc123")
    XCTAssertEqual(patch.lines, Metric(covered: 1, count: 2))
    XCTAssertEqual(patch.files.first?.uncoveredLines, [6])
    XCTAssertEqual(result.report.gate.failures.map(\.rule), [.patch])
  }

  func testExclusionMarkersAreAppliedByTheGate() throws {
    try fixture.write(
      "Sources/Core/A.swift", "// covgate:ignore-file generated by a tool\n" + "// x\n".repeated(6))
    let result = try pipeline(.exports([fixture.exportPath])).run()

    XCTAssertEqual(result.report.files.map(\.path), ["Sources/Core/B.swift"])
    XCTAssertEqual(result.report.exclusions.map(\.reason), ["generated by a tool"])
    XCTAssertEqual(result.report.totals.lines, Metric(covered: 3, count: 3))
  }

  func testTheTrendOfEarlierRunsIsPublishedAndThisRunRecordedAfterwards() throws {
    let result = try pipeline().run()

    XCTAssertEqual(result.report.history.map(\.commit), ["old", "now"])
    XCTAssertEqual(history.recorded.map(\.totals.lines), [Metric(covered: 6, count: 9)])
  }

  func testAHistoryThatCannotBeOpenedIsANoticeAndTheReportsAreStillWritten() throws {
    struct Locked: Error, CustomStringConvertible {
      var description: String { "database is locked" }
    }
    let result = try pipeline(openHistory: { _ in throw Locked() }).run()

    XCTAssertTrue(result.report.history.isEmpty)
    XCTAssertTrue(
      log.events.contains("notice covgate: warning: database is locked; this run was not recorded"))
    XCTAssertNotNil(output.written["/out/covgate.json"])
  }

  func testFormatsThatShowFunctionsGetReadableNames() throws {
    let result = try pipeline(formats: [.lcov]).run()

    XCTAssertTrue(log.events.contains("demangle 3"), "\(log.events)")
    XCTAssertEqual(
      result.report.files.first?.coverage.functions.map(\.displayName),
      ["readable a", "readable b"])
  }

  /// Only the kept files' functions are demangled: never those of a file scoped out.
  func testOnlyTheKeptFunctionsAreDemangled() throws {
    let result = try pipeline(
      config: "exclude: [\"Sources/Core/B.swift\"]\n", formats: [.lcov]
    ).run()

    XCTAssertTrue(log.events.contains("demangle 2"), "\(log.events)")
    XCTAssertEqual(result.report.files.map(\.path), ["Sources/Core/A.swift"])
    XCTAssertEqual(
      result.report.files.first?.coverage.functions.map(\.displayName),
      ["readable a", "readable b"])
  }

  /// A package that cannot be described fails the run, whatever the export read meanwhile.
  func testAFailedDescriptionFailsTheRun() throws {
    struct Broken: Error {}
    XCTAssertThrowsError(
      try pipeline(.exports([fixture.exportPath]), formats: [.lcov], describeFails: Broken()).run()
    ) { XCTAssertTrue($0 is Broken, "\($0)") }
    XCTAssertTrue(output.written.isEmpty)
  }

  /// A file costs only its summary unless something reads its lines.
  func testLineViewsAreKeptOnlyForWhatReadsLines() throws {
    func keepsLines(_ pipeline: Pipeline) throws -> Bool {
      try pipeline.run().report.files.allSatisfy { $0.coverage.lineView != nil }
    }
    XCTAssertFalse(try keepsLines(pipeline(formats: [.json, .text, .markdown])))
    XCTAssertTrue(try keepsLines(pipeline(formats: [.json, .sonarqube])))
    XCTAssertTrue(try keepsLines(pipeline(base: "main", formats: [.json])), "patch coverage")
  }

  /// The package's files are read through the services: a baseline only the fake holds is
  /// the one the gate compares with, and target folders the fake does not have derive no branches.
  func testThePackagesFilesAreReadThroughTheServices() throws {
    let yaml = "layers:\n  logic:\n    targets: [Core]\n"
    _ = try pipeline(config: yaml, updatesBaseline: true).run()
    let path = "\(fixture.root)/.covgate-baseline.json"
    let raised = try String(contentsOfFile: path, encoding: .utf8)
      .replacingOccurrences(of: "\"covered\" : 6", with: "\"covered\" : 7")
    try FileManager.default.removeItem(atPath: path)
    let files = MemoryFiles(files: [path: Data(raised.utf8)])

    let piped = try pipeline(config: yaml, files: files)

    XCTAssertEqual(try piped.run().report.gate.failures.map(\.rule), [.baseline, .baseline])
    XCTAssertFalse(piped.derivesBranches(fixture.package), "no target folder is in the fake")
    XCTAssertTrue(try pipeline(config: yaml).derivesBranches(fixture.package))
  }

  func testABaselineDropFailsAndAGreenRunRaisesTheBaselineWhenAsked() throws {
    let yaml = "layers:\n  logic:\n    targets: [Core]\n"
    _ = try pipeline(config: yaml, updatesBaseline: true).run()
    let baseline = "\(fixture.root)/.covgate-baseline.json"
    let saved = try String(contentsOfFile: baseline, encoding: .utf8)
    XCTAssertTrue(saved.contains("\"covered\" : 6"), saved)
    XCTAssertTrue(log.events.contains("notice covgate: baseline updated: \(baseline)"))

    // The same figures again pass; one line fewer run drops below the baseline.
    XCTAssertEqual(try pipeline(config: yaml).run().outcome, .passed)
    try String(saved.replacingOccurrences(of: "\"covered\" : 6", with: "\"covered\" : 7"))
      .write(toFile: baseline, atomically: true, encoding: .utf8)
    let failures = try pipeline(config: yaml).run().report.gate.failures
    XCTAssertEqual(failures.map(\.rule), [.baseline, .baseline])
    XCTAssertEqual(failures.map(\.scope), ["logic", "Core"], "the layer and its target")
  }

  func testARedRunNeverUpdatesTheBaseline() throws {
    _ = try pipeline(testExitCode: 1, updatesBaseline: true).run()

    XCTAssertFalse(FileManager.default.fileExists(atPath: "\(fixture.root)/.covgate-baseline.json"))
    XCTAssertTrue(
      log.events.contains(
        "notice covgate: warning: the tests failed, so the baseline was not updated"))
  }

  func testAFailedWriteLeavesNothingRecorded() throws {
    struct Full: Error {}
    output.failure = Full()
    XCTAssertThrowsError(try pipeline().run())
    XCTAssertTrue(history.recorded.isEmpty)
  }
}

extension String {
  fileprivate func repeated(_ count: Int) -> String { String(repeating: self, count: count) }
}

/// Package files held in memory: only the paths given exist.
private struct MemoryFiles: PackageFiles {
  var files: [String: Data]
  func exists(_ path: String) -> Bool { files[path] != nil }
  func isFolder(_ path: String) -> Bool { false }
  func contents(_ path: String) -> Data? { files[path] }
  func realPath(_ path: String) -> String? { exists(path) ? path : nil }
}
