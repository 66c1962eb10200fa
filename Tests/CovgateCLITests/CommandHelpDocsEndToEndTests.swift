import Foundation
import XCTest

/// docs/commands.md holds every command's `--help` as the binary prints it: a flag added,
/// renamed or reworded without `ci/write-command-help.sh` fails here.
final class CommandHelpDocsEndToEndTests: XCTestCase {
  func testTheCommandsPageIsTheBinarysHelp() throws {
    try XCTSkipUnless(
      FileManager.default.isExecutableFile(atPath: CLIHarness.covgate), "build covgate first")
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let page = try String(
      contentsOf: root.appendingPathComponent("docs/commands.md"), encoding: .utf8)
    let sections = page.components(separatedBy: "\n## `covgate").dropFirst()
    XCTAssertGreaterThanOrEqual(sections.count, 10)
    var documented: Set<String> = []
    for section in sections {
      let command = String(section.prefix { $0 != "`" }).trimmingCharacters(in: .whitespaces)
      documented.insert(command)
      let parts = section.components(separatedBy: "```")
      XCTAssertEqual(parts.count, 3, "one block under covgate \(command)")
      let block = String(parts[1].drop { $0 != "\n" }.dropFirst())
      let arguments = command.split(separator: " ").map(String.init) + ["--help"]
      let help = try CLIHarness.run(
        CLIHarness.covgate, arguments, in: root.path, environment: ["COLUMNS": "100"])
      XCTAssertEqual(help.exitCode, 0, "covgate \(command) --help")
      XCTAssertEqual(
        block, help.stdout,
        "docs/commands.md is not `covgate \(command) --help`: run ci/write-command-help.sh")
    }
    // Every subcommand the top-level help lists has its section.
    let top = try CLIHarness.run(CLIHarness.covgate, ["--help"], in: root.path)
    let listed = top.stdout.components(separatedBy: "SUBCOMMANDS:").last ?? ""
    for line in listed.split(separator: "\n") where line.hasPrefix("  ") && !line.hasPrefix("   ") {
      guard let name = line.split(separator: " ").first, !line.contains("See 'covgate") else {
        continue
      }
      XCTAssertTrue(documented.contains(String(name)), "no section for covgate \(name)")
    }
  }
}
