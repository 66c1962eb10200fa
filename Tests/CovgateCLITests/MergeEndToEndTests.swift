import Foundation
import XCTest

/// `covgate merge` of raw profiles: the toolchain's `llvm-profdata` merges them, and the result
/// is what `llvm-profdata merge` itself writes for the same shards.
final class MergeEndToEndTests: XCTestCase {
  func testRawProfilesMergeAsLLVMProfdataMergesThem() throws {
    let project = NSTemporaryDirectory() + "covgate-merge-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: project) }
    try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
    try """
    #include <stdlib.h>
    int main(int argc, char **argv) {
      int sum = 0;
      for (int i = 1; i < argc; i++) sum += atoi(argv[i]) > 0 ? 1 : 2;
      return sum > 100;
    }

    """.write(toFile: "\(project)/shard.c", atomically: true, encoding: .utf8)
    let tools = CLIHarness.toolchainBin
    try CLIHarness.succeed(
      "\(tools)/clang",
      ["-fprofile-instr-generate", "-fcoverage-mapping", "shard.c", "-o", "shard"], in: project)
    for (shard, arguments) in [["5", "-1"], ["7"]].enumerated() {
      try CLIHarness.succeed(
        "\(project)/shard", arguments, in: project,
        environment: ["LLVM_PROFILE_FILE": "\(shard).profraw"])
    }
    let merge = try CLIHarness.run(
      CLIHarness.covgate, ["merge", "--output", "covgate.profdata", "0.profraw", "1.profraw"],
      in: project)
    XCTAssertEqual(merge.exitCode, 0, merge.stderr)
    XCTAssertTrue(merge.stderr.contains("merged 2 files into covgate.profdata"), merge.stderr)
    try CLIHarness.succeed(
      "\(tools)/llvm-profdata", ["merge", "-o", "llvm.profdata", "0.profraw", "1.profraw"],
      in: project)
    func counts(_ profile: String) throws -> String {
      try CLIHarness.succeed(
        "\(tools)/llvm-profdata", ["show", "--all-functions", "--counts", profile], in: project)
    }
    let merged = try counts("covgate.profdata")
    XCTAssertTrue(merged.contains("Block counts: ["), merged)
    XCTAssertEqual(merged, try counts("llvm.profdata"))
    XCTAssertNotEqual(merged, try counts("0.profraw"), "both shards' counts are in the merge")
  }

  /// A profile llvm-profdata cannot read fails the merge with its reason, and the previous output
  /// and the folder are left as they were (no half-merged profile, no scratch file).
  func testAnUnreadableProfileLeavesThePreviousOutputAlone() throws {
    let folder = NSTemporaryDirectory() + "covgate-merge-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try "not a profile".write(toFile: "\(folder)/bad.profraw", atomically: true, encoding: .utf8)
    try "previous".write(toFile: "\(folder)/out.profdata", atomically: true, encoding: .utf8)
    let merge = try CLIHarness.run(
      CLIHarness.covgate, ["merge", "--output", "out.profdata", "bad.profraw"], in: folder)
    XCTAssertEqual(merge.exitCode, 2, merge.stderr)
    XCTAssertTrue(merge.stderr.contains("llvm-profdata merge"), merge.stderr)
    XCTAssertEqual(
      try String(contentsOfFile: "\(folder)/out.profdata", encoding: .utf8), "previous")
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: folder).sorted(),
      ["bad.profraw", "out.profdata"])
  }
}
