import ArgumentParser
import CovgateKit

/// The `covgate` command: run the tests with coverage, gate per layer, write reports.
public struct Covgate: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "covgate",
    abstract: "A coverage gate and reporter for Swift packages and Xcode apps.",
    discussion: """
      Measures only the package's own sources, per target and per layer, with figures equal \
      to `llvm-cov report`, and gates them with the thresholds in .covgate.yml.

      EXIT CODES
        0   the gate passed
        1   the gate failed (a rule's minimum was not met)
        2   config, input or toolchain error (nothing measured)
        3   the build or the tests failed (reports are still written when there is coverage)
        64  command-line usage error
        130 interrupted by SIGINT (Ctrl-C): tests stopped, nothing half-written
        143 interrupted by SIGTERM: the same
      """,
    version: CovgateVersion.current,
    subcommands: [
      RunCommand.self, CheckCommand.self, InitCommand.self, BaselineCommand.self,
      HistoryCommand.self, MergeCommand.self, TestsForCommand.self,
      AffectedCommand.self, MutateCommand.self,
    ],
    defaultSubcommand: RunCommand.self)

  public init() {}
}
