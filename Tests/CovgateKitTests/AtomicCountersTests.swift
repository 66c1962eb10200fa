import CoverageAcquisition
import CoverageGate
import CoverageModel
import Foundation
import SourceAnalysis
import XCTest

@testable import CovgateKit

/// Every test run builds with atomic counters, new code emitted for every file it compiles (the
/// lost increments reach line counts too, not only derived branches); binaries that update their
/// counters plainly while Swift Testing ran tests in parallel claim no derived count.
final class AtomicCountersTests: XCTestCase {
  private func pipeline(
    _ package: PipelinePackage, config: GateConfig, log: EventLog = EventLog(),
    arguments: [String] = [], acquisition: (inout FakeAcquisition) -> Void = { _ in }
  ) -> Pipeline {
    var fake = FakeAcquisition(log: log, package: package.package, exportPath: package.exportPath)
    acquisition(&fake)
    return Pipeline(
      settings: RunSettings(
        packageRoot: package.root, config: config, source: .tests(arguments: arguments),
        outputFolder: "/out", formats: []),
      services: PipelineServices(
        acquisition: fake,
        changes: FakeChanges(log: log, files: []),
        openHistory: { _ in FakeHistory(log: log, earlier: []) },
        output: CapturingOutput(log: log), observer: RecordingObserver(log: log)))
  }

  func testEveryTestRunBuildsWithThemBranchesOrNot() throws {
    let fixture = try PipelinePackage()
    defer { fixture.remove() }
    var noBranches = GateConfig.defaults
    noBranches.derivesBranches = false
    for config in [GateConfig.defaults, noBranches] {
      let log = EventLog()
      _ = try pipeline(fixture, config: config, log: log).acquireAndEvaluate()
      XCTAssertTrue(
        log.events.contains("run tests " + Pipeline.atomicCounters.joined(separator: " ")),
        "\(log.events)")
    }
    XCTAssertTrue(Pipeline.atomicCounters.contains("-disable-incremental-llvm-codegen"))
  }

  /// A plain run hands the flags to `swift test`, where the fake acquisition logs them.
  func testATestRunBuildsWithThem() throws {
    let fixture = try PipelinePackage()
    defer { fixture.remove() }
    let log = EventLog()
    _ = try pipeline(fixture, config: .defaults, log: log, arguments: ["--parallel"])
      .acquireAndEvaluate()
    XCTAssertTrue(
      log.events.contains(
        "run tests --parallel -Xswiftc -Xllvm -Xswiftc -instrprof-atomic-counter-update-all"
          + " -Xswiftc -Xfrontend -Xswiftc -disable-incremental-llvm-codegen"),
      "\(log.events)")
  }

  /// A package whose test target imports `framework`, the run's binaries updating counters as
  /// `updates` says: the reason counts may be lost, and what the run said.
  private func countsMayBeLost(_ updates: CounterUpdates, testsImport framework: String) throws
    -> (reason: String?, events: [String])
  {
    let fixture = try PipelinePackage()
    defer { fixture.remove() }
    try FileManager.default.createDirectory(
      atPath: "\(fixture.root)/Tests/CoreTests", withIntermediateDirectories: true)
    try fixture.write(
      "Tests/CoreTests/CoreTests.swift", "import \(framework)\n@testable import Core\n")
    var package = fixture.package
    package.targets.append(
      TargetInfo(
        name: "CoreTests", kind: .test, path: "Tests/CoreTests",
        sources: ["Tests/CoreTests/CoreTests.swift"]))
    let log = EventLog()
    let reason = pipeline(fixture, config: .defaults, log: log) { $0.counterUpdates = updates }
      .countsMayBeLost(binaries: ["/build/CorePackageTests.xctest"], package: package)
    return (reason, log.events)
  }

  func testPlainUpdatesUnderSwiftTestingMayLoseCounts() throws {
    let (reason, events) = try countsMayBeLost(
      .notAtomic(plain: 3, atomic: 1), testsImport: "Testing")
    XCTAssertEqual(reason, "counts may be lost to parallel tests (counter updates not atomic)")
    XCTAssertEqual(events.filter { $0.hasPrefix("notice") }.count, 1, "said once: \(events)")
    XCTAssertTrue(
      events.contains {
        $0.contains("3 of 4 profile counter updates")
          && $0.contains("-disable-incremental-llvm-codegen")
      },
      "\(events)")
  }

  func testAtomicUpdatesOrTestsOnOneThreadLoseNothing() throws {
    XCTAssertNil(try countsMayBeLost(.atomic, testsImport: "Testing").reason)
    XCTAssertNil(try countsMayBeLost(.unknown, testsImport: "Testing").reason)
    XCTAssertNil(
      try countsMayBeLost(.notAtomic(plain: 3, atomic: 0), testsImport: "XCTest").reason,
      "XCTest runs a process's tests one at a time")
  }

  /// With counts that may be lost, every decision is listed as not derivable for that reason.
  func testTheDeriverThenClaimsNoCount() throws {
    let folder = NSTemporaryDirectory() + "covgate-lost-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try OneIfSource.text.write(toFile: "\(folder)/F.swift", atomically: true, encoding: .utf8)
    let records = OneIfSource.records
    let exact =
      SourceBranchDeriver(cacheFolder: nil, sources: PackageSources(root: folder))
      .derive([("F.swift", records)]).first ?? nil
    XCTAssertEqual(exact?.decisions.count, 1)
    let lost =
      SourceBranchDeriver(
        cacheFolder: nil, sources: PackageSources(root: folder), countsMayBeLost: "lost"
      )
      .derive([("F.swift", records)]).first ?? nil
    XCTAssertEqual(lost?.decisions, [])
    XCTAssertEqual(lost?.notDerivable.map(\.reason), ["lost"])
    XCTAssertEqual(lost?.points, exact?.points, "complexity still counts the decision")
  }
}
