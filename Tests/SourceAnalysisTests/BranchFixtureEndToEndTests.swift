import CoverageModel
import Foundation
import SourceAnalysis
import XCTest

/// The fixtures built and tested now, by this toolchain: their fresh exports give the counts
/// written by hand, so a compiler that maps regions differently fails here, not in a report.
final class BranchFixtureEndToEndTests: XCTestCase {
  func testAFreshBuildOfTheBranchesFixtureGivesTheHandWrittenCounts() throws {
    try assertFreshBuildMatches(FixtureExpectations.branches)
  }

  func testAFreshBuildOfTheContextsFixtureGivesTheHandWrittenCounts() throws {
    try assertFreshBuildMatches(FixtureExpectations.contexts)
  }

  private func assertFreshBuildMatches(_ fixture: FixtureExpectations.Fixture) throws {
    let work = NSTemporaryDirectory() + "covgate-branches-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: work) }
    try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    let package = "\(work)/\(fixture.name)"
    try FileManager.default.copyItem(
      atPath: FixtureExpectations.url(fixture.name).path, toPath: package)
    try? FileManager.default.removeItem(atPath: "\(package)/.build")

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "test", "--package-path", package, "--enable-code-coverage"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, "swift test failed on the \(fixture.name) fixture")

    let differences = try FixtureExpectations.differences(
      export: "\(package)/.build/debug/codecov/\(fixture.name).json",
      package: URL(fileURLWithPath: package), of: fixture)
    XCTAssertEqual(differences, [], differences.joined(separator: "\n"))
  }
}
