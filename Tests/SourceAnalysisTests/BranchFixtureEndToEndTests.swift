import CoverageModel
import Foundation
import LLVMCoverage
import SourceAnalysis
import XCTest

/// The fixture built and tested now, by this toolchain: its fresh export gives the counts
/// written by hand, so a compiler that maps regions differently fails here, not in a report.
final class BranchFixtureEndToEndTests: XCTestCase {
  func testAFreshBuildOfTheFixtureGivesTheHandWrittenCounts() throws {
    let work = NSTemporaryDirectory() + "covgate-branches-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: work) }
    try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    let package = "\(work)/Branches"
    try FileManager.default.copyItem(
      atPath: FixtureExpectations.url("Branches").path, toPath: package)
    try? FileManager.default.removeItem(atPath: "\(package)/.build")

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "test", "--package-path", package, "--enable-code-coverage"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, "swift test failed on the fixture")

    let source = try String(
      contentsOfFile: "\(package)/Sources/Branches/Decisions.swift", encoding: .utf8)
    let data = try ExportReader.read(
      path: "\(package)/.build/debug/codecov/Branches.json",
      options: ExportReader.Options(functions: true, lineViews: false))
    let regions = data.functions.flatMap { record in
      record.regions.filter { record.filenames[$0.fileID].hasSuffix("/Decisions.swift") }
    }
    let written = FixtureExpectations.written(
      BranchDeriver.derive(source: Array(source.utf8), regions: regions))
    let expected = FixtureExpectations.expected(in: source)
    XCTAssertFalse(expected.isEmpty)
    for line in Set(written.keys).union(expected.keys).sorted() {
      XCTAssertEqual(written[line] ?? [], expected[line] ?? [], "line \(line)")
    }
  }
}
