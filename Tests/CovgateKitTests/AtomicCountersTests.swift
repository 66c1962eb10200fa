import CoverageGate
import CoverageModel
import XCTest

@testable import CovgateKit

/// A run builds with atomic counters exactly where lost increments would make derived branches
/// wrong: wherever branches are derived.
final class AtomicCountersTests: XCTestCase {
  private func pipeline(
    _ package: PipelinePackage, config: GateConfig, log: EventLog = EventLog(),
    arguments: [String] = []
  ) -> Pipeline {
    Pipeline(
      settings: RunSettings(
        packageRoot: package.root, config: config, source: .tests(arguments: arguments),
        outputFolder: "/out", formats: []),
      services: PipelineServices(
        acquisition: FakeAcquisition(
          log: log, package: package.package, exportPath: package.exportPath),
        changes: FakeChanges(log: log, files: []),
        openHistory: { _ in FakeHistory(log: log, earlier: []) },
        output: CapturingOutput(log: log), observer: RecordingObserver(log: log)))
  }

  func testBranchesDerivedMeanAtomicCounters() throws {
    let fixture = try PipelinePackage()
    defer { fixture.remove() }
    XCTAssertEqual(
      pipeline(fixture, config: .defaults).atomicCounterArguments(fixture.package),
      Pipeline.atomicCounters)
    var noBranches = GateConfig.defaults
    noBranches.derivesBranches = false
    XCTAssertEqual(
      pipeline(fixture, config: noBranches).atomicCounterArguments(fixture.package), [])
  }

  /// A plain run hands the flags to `swift test`, where the fake acquisition logs them.
  func testATestRunBuildsWithThem() throws {
    let fixture = try PipelinePackage()
    defer { fixture.remove() }
    let log = EventLog()
    _ = try pipeline(fixture, config: .defaults, log: log, arguments: ["--parallel"])
      .evaluatedReport()
    XCTAssertTrue(
      log.events.contains(
        "run tests --parallel -Xswiftc -Xllvm -Xswiftc -instrprof-atomic-counter-update-all"),
      "\(log.events)")
  }
}
