import ArgumentParser
import Foundation
import XCTest

@testable import CovgateCLI

/// What the command line says back to a user who mistyped, and its help read as a user reads it.
final class CommandLineHintEndToEndTests: XCTestCase {
  func testATypoOfASubcommandNamesTheSubcommand() {
    XCTAssertEqual(Covgate.subcommandHint(for: ["mutat"]), " (did you mean `covgate mutate`?)")
    XCTAssertEqual(
      Covgate.subcommandHint(for: ["chekc", "--input", "x"]), " (did you mean `covgate check`?)")
    XCTAssertEqual(Covgate.subcommandHint(for: ["mutate"]), "", "a subcommand is no typo")
    XCTAssertEqual(Covgate.subcommandHint(for: ["--format", "mutat"]), "", "an option comes first")
    XCTAssertEqual(Covgate.subcommandHint(for: ["publish"]), "", "nothing close")
    XCTAssertEqual(Covgate.subcommandHint(for: []), "")
  }

  func testTheBinarySaysItOnItsErrorLine() throws {
    try XCTSkipUnless(
      FileManager.default.isExecutableFile(atPath: CLIHarness.covgate), "build covgate first")
    let result = try CLIHarness.run(CLIHarness.covgate, ["mutat"])
    XCTAssertEqual(result.exitCode, 64)
    XCTAssertTrue(result.stderr.contains("did you mean `covgate mutate`?"), result.stderr)
  }

  /// No option's help states its default twice (once in the text, once from ArgumentParser).
  func testNoHelpStatesADefaultTwice() throws {
    for command in Covgate.configuration.subcommands {
      let help = Covgate.helpMessage(for: command, columns: 10_000)
      for line in help.split(separator: "\n") {
        XCTAssertLessThan(
          line.ranges(of: "(default:").count, 2,
          "\(command.configuration.commandName ?? ""): \(line)")
      }
    }
  }
}
