import ArgumentParser
import CovgateKit

/// `covgate check`: evaluate exports made elsewhere.
struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract:
      "Evaluate coverage made elsewhere: llvm-cov exports, a profile and its binaries, Xcode's xccov JSON or result bundles, LCOV tracefiles."
  )

  @OptionGroup var input: CoverageInputOptions

  @OptionGroup var options: CommonOptions

  func validate() throws {
    guard !input.isEmpty else {
      throw ValidationError(
        "check needs at least one --input FILE.json, a --from-build FOLDER, a --profdata FILE with its --object BINARY, an --xccov-report FILE, an --xcresult BUNDLE or an --lcov FILE"
      )
    }
  }

  func run() throws {
    let terminal = Terminal()
    try reportingErrors(terminal) {
      let pipeline = try options.pipeline(source: input.source, observer: terminal)
      return ResultPresenter(terminal: terminal, quiet: options.quiet)
        .present(try pipeline.run(), of: pipeline)
    }
  }
}
