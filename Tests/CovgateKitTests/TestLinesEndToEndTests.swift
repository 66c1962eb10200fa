import CoverageAcquisition
import CoverageModel
import Foundation
import LLVMCoverage
import XCTest

@testable import CovgateKit

/// The lines covgate says each test ran, decoded from the test binary's coverage mapping and
/// the test's own raw profile, are the lines llvm-cov gives a nonzero count for that test's
/// profile alone: on a small package built and run now, by this toolchain.
final class TestLinesEndToEndTests: XCTestCase {
  private static let source = """
    public func grade(_ score: Int) -> String {
      if score >= 90 {
        return "A"
      } else if score >= 50 {
        return "pass"
      }
      return "fail"
    }

    public func describe(_ values: [Int]) -> String {
      let doubled = values.map { value in
        value * 2
      }
      guard !doubled.isEmpty else {
        return "none"
      }
      return doubled.map(String.init).joined(separator: ",")
    }

    public struct Tally {
      public var total = 0
      public init() {}
      public mutating func add(_ value: Int) {
        for _ in 0..<value where value % 2 == 0 { total += 1 }
        total += value > 3 ? 10 : 1
      }
    }

    """
  private static let tests = """
    import Lines
    import XCTest

    final class LinesTests: XCTestCase {
      func testTop() { XCTAssertEqual(grade(95), "A") }
      func testFail() {
        XCTAssertEqual(grade(10), "fail")
        XCTAssertEqual(describe([]), "none")
      }
      func testDescribe() {
        XCTAssertEqual(describe([1, 2]), "2,4")
        var tally = Tally()
        tally.add(4)
        tally.add(1)
        XCTAssertEqual(tally.total, 15)
      }
    }

    """
  private static let manifest = """
    // swift-tools-version:5.9
    import PackageDescription

    let package = Package(
      name: "Lines",
      targets: [
        .target(name: "Lines"),
        .testTarget(name: "LinesTests", dependencies: ["Lines"]),
      ])

    """

  @discardableResult
  private func run(_ tool: String, _ arguments: [String], environment: [String: String] = [:])
    throws -> String
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, "\(tool) \(arguments.joined(separator: " "))")
    return String(decoding: data, as: UTF8.self)
  }

  /// Per file, the lines with a nonzero count in llvm-cov's LCOV export (`DA:line,count`).
  private func lcovLinesRan(_ lcov: String, under folder: String) -> [String: Set<Int>] {
    var result: [String: Set<Int>] = [:]
    var file = ""
    for line in lcov.split(separator: "\n") {
      if line.hasPrefix("SF:") {
        file = String(line.dropFirst(3))
      } else if line.hasPrefix("DA:"), file.hasPrefix(folder) {
        let fields = line.dropFirst(3).split(separator: ",")
        if fields.count >= 2, let number = Int(fields[0]), fields[1] != "0" {
          result[file, default: []].insert(number)
        }
      }
    }
    return result
  }

  func testTheLinesEachTestRanAreTheLinesLLVMCovCountsForItsOwnProfile() throws {
    #if !os(Linux)
      throw XCTSkip("the fixture's test binary is run as Linux runs it")
    #endif
    let toolchain = try LinuxPlatform().locateToolchain()
    let work = NSTemporaryDirectory() + "covgate-lines-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: work) }
    let package = "\(work)/Lines"
    for (path, text) in [
      ("Package.swift", Self.manifest), ("Sources/Lines/Lines.swift", Self.source),
      ("Tests/LinesTests/LinesTests.swift", Self.tests),
    ] {
      let url = URL(fileURLWithPath: "\(package)/\(path)")
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    try run(
      toolchain.swift,
      ["build", "--build-tests", "--enable-code-coverage", "--package-path", package])
    let binary = "\(package)/.build/debug/LinesPackageTests.xctest"
    let tests = ["testTop", "testFail", "testDescribe"]
    for test in tests {
      try run(
        binary, ["LinesTests.LinesTests/\(test)"],
        environment: ["LLVM_PROFILE_FILE": "\(work)/\(test).profraw"])
      try run(
        toolchain.llvmProfdata,
        ["merge", "-sparse", "\(work)/\(test).profraw", "-o", "\(work)/\(test).profdata"])
    }
    try run(
      toolchain.llvmProfdata,
      ["merge", "-sparse"] + tests.map { "\(work)/\($0).profraw" } + ["-o", "\(work)/all.profdata"])
    let export = try run(
      toolchain.llvmCov, ["export", "-instr-profile", "\(work)/all.profdata", binary])
    try export.write(toFile: "\(work)/all.json", atomically: true, encoding: .utf8)
    let records = try ExportReader.read(
      path: "\(work)/all.json", options: ExportReader.Options(functions: true, lineViews: false)
    ).functions.filter { $0.filenames.first?.hasPrefix("\(package)/Sources/") == true }

    let (mapping, unread) = TestMapBuilder.mapping(binaries: [binary], platform: LinuxPlatform())
    XCTAssertNil(unread)
    let lines = TestLines(records: records, mapping: try XCTUnwrap(mapping))
    let file = "\(package)/Sources/Lines/Lines.swift"
    XCTAssertEqual(lines.knownFiles, [file])

    var decoded: [String: Set<Int>] = [:]
    for test in tests {
      let profile = try RawProfile.read(path: "\(work)/\(test).profraw", counters: true)
      let found = lines.lines(counters: profile.counters)
      XCTAssertEqual(found.failed, [], test)
      let lcov = try run(
        toolchain.llvmCov,
        ["export", "-format=lcov", "-instr-profile", "\(work)/\(test).profdata", binary])
      let expected = lcovLinesRan(lcov, under: "\(package)/Sources/")
      XCTAssertEqual(found.lines.mapValues(Set.init), expected, test)
      decoded[test] = Set(found.lines[file] ?? [])
    }
    // The lines say more than the functions: both grade tests entered `grade`, one ran line 3.
    XCTAssertTrue(decoded["testTop"]?.contains(3) == true)
    XCTAssertFalse(decoded["testFail"]?.contains(3) == true)
    XCTAssertTrue(decoded["testFail"]?.contains(7) == true)
    // The closure in `describe` ran for testDescribe only; the ternary's line for it too.
    XCTAssertTrue(decoded["testDescribe"]?.contains(12) == true)
    XCTAssertFalse(decoded["testFail"]?.contains(12) == true)
  }
}
