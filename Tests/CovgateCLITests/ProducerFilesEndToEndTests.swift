import Foundation
import XCTest

/// `covgate check` on real files other producers wrote on other machines (kept in
/// `Tests/CoverageReadersTests/Producers`), placed on a checkout of the sources they name with
/// no config beyond the project's targets: cargo-llvm-cov on Windows (`SF:E:\...`), coverage.py
/// on a self-hosted runner (its `<source>` that runner's folder), slather (classes listed twice).
final class ProducerFilesEndToEndTests: XCTestCase {
  private static let producers = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("CoverageReadersTests/Producers").path

  override func setUpWithError() throws {
    try XCTSkipUnless(
      FileManager.default.isExecutableFile(atPath: CLIHarness.covgate), "build covgate first")
  }

  /// A checkout holding `files` (long enough for any line the reports count) and a config
  /// naming `target`'s folder; its path.
  private func checkout(_ files: [String], target: String) throws -> String {
    let root = NSTemporaryDirectory() + "covgate-producers-\(UUID().uuidString)"
    addTeardownBlock { try? FileManager.default.removeItem(atPath: root) }
    for file in files {
      let path = "\(root)/\(file)"
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try String(repeating: "\n", count: 3_000).write(
        toFile: path, atomically: true, encoding: .utf8)
    }
    try "project:\n  targets:\n    \(target): \(target)\n".write(
      toFile: "\(root)/.covgate.yml", atomically: true, encoding: .utf8)
    return root
  }

  /// The lines (covered, count) and notes of `covgate check` with `arguments` in `root`.
  private func check(_ arguments: [String], in root: String) throws -> (
    lines: [Int], notes: [String]
  ) {
    let result = try CLIHarness.run(
      CLIHarness.covgate,
      [
        "check", "--package-path", root, "--no-history", "--format", "json", "--output",
        "\(root)/out",
      ]
        + arguments)
    XCTAssertTrue([0, 1].contains(result.exitCode), result.stderr)
    let json = try XCTUnwrap(
      JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: "\(root)/out/covgate.json"))) as? [String: Any])
    let lines = try XCTUnwrap((json["totals"] as? [String: [String: Any]])?["lines"])
    return (
      [lines["covered"] as? Int ?? -1, lines["count"] as? Int ?? -1],
      json["inputNotes"] as? [String] ?? []
    )
  }

  func testCargoLLVMCovOnWindowsIsPlacedOnTheCheckout() throws {
    let root = try checkout(
      [
        "src/cpu.rs", "src/cpu/opcode.rs", "src/cpu/v30mz.rs", "src/cpu/v30mz/alu_ops.rs",
        "src/cpu/v30mz/util.rs", "src/main.rs", "src/soc.rs", "src/soc/test.rs",
      ], target: "src")
    let (lines, _) = try check(["--lcov", "\(Self.producers)/cargo-llvm-cov/lcov.info"], in: root)
    XCTAssertEqual(lines, [1007, 1344], "lcov --summary's figures, every file placed")
  }

  func testASelfHostedRunnersSourceIsPlacedOnTheCheckout() throws {
    let report = "\(Self.producers)/cobertura-ci-runner-source/coverage.xml"
    let text = try String(contentsOfFile: report, encoding: .utf8)
    let files = Set(text.matches(of: /filename="([^"]+)"/).map { String($0.output.1) })
    XCTAssertEqual(files.count, 30)
    let root = try checkout(files.sorted(), target: "biobb_io")
    XCTAssertEqual(try check(["--cobertura", report], in: root).lines, [620, 871])
  }

  func testSlathersDoubledClassesCountEachLineOnce() throws {
    let report = "\(Self.producers)/slather/cobertura.xml"
    let text = try String(contentsOfFile: report, encoding: .utf8)
    let files = Set(text.matches(of: /filename="([^"]+)"/).map { String($0.output.1) })
    let root = try checkout(files.sorted(), target: "SwiftSyft")
    let (lines, notes) = try check(["--cobertura", report], in: root)
    XCTAssertEqual(lines, [91, 239], "the distinct lines, not the header's doubled figures")
    XCTAssertTrue(
      notes.contains { $0.contains("5 files are listed by several classes") }, "\(notes)")
  }
}
