import CoverageModel
import Foundation
import LLVMCoverage
import XCTest

@testable import CoverageGate

/// The gate hands over the files it keeps as soon as they are known: scoped, markers applied,
/// before branches are derived (work on them can start alongside the rest of the gate).
final class KeptFilesTests: XCTestCase {
  /// What the hook and the deriver saw, in their order.
  private final class Seen: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []
    func add(_ entry: String) { lock.withLock { entries.append(entry) } }
    var all: [String] { lock.withLock { entries } }
  }

  private struct RecordingDeriver: BranchDeriving {
    let seen: Seen
    func derive(_ files: [(path: String, records: [(name: String, regions: [Region])])])
      -> [DerivedBranches?]
    {
      seen.add("derive \(files.map(\.path))")
      return files.map { _ in nil }
    }
  }

  func testOnlyTheKeptFilesAreHandedToTheDeriver() throws {
    func record(_ path: String) -> FunctionRecord {
      FunctionRecord(
        name: "f\(path.count)", count: 1,
        regions: [Region(lineStart: 1, columnStart: 1, lineEnd: 2, columnEnd: 2, count: 1)],
        filenames: ["/work/pkg/\(path)"])
    }
    let paths = ["Sources/Core/A.swift", "Sources/Core/Generated.swift"]
    let functions = paths.map(record)
    let files = try paths.map {
      try FunctionSummarizer.fileCoverage(path: "/work/pkg/\($0)", functions: functions)
    }
    let package = PackageInfo(
      name: "P", root: "/work/pkg",
      targets: [TargetInfo(name: "Core", kind: .library, path: "Sources/Core", sources: paths)])
    var config = GateConfig.defaults
    config.exclude = [Glob("Sources/Core/Generated.swift")]
    let seen = Seen()
    let input = GateInput(
      data: CoverageData(files: files, functions: functions, capabilities: .llvmCov),
      package: package, config: config,
      branches: RecordingDeriver(seen: seen))

    let report = try Gate.evaluate(input)

    XCTAssertEqual(seen.all, ["derive [\"Sources/Core/A.swift\"]"])
    XCTAssertEqual(report.files.map(\.path), ["Sources/Core/A.swift"])
  }
}
