import ArgumentParser
import CovgateKit

/// covgate's documented exit codes; 130 and 143 (128 + SIGINT, SIGTERM) come from
/// `InterruptSignals`.
extension ExitCode {
  /// A `minimum` was not met.
  static let gateFailed = ExitCode(1)
  /// A config, input or toolchain error: nothing was measured.
  static let inputError = ExitCode(2)
  /// The build or the tests failed; reports are still written when there is coverage.
  static let testsFailed = ExitCode(3)
  /// A command-line usage error.
  static let usage = ExitCode(64)

  /// The code of a finished run.
  init(_ outcome: RunOutcome) {
    self.init(outcome.rawValue)
  }
}

/// Runs `body`, turning covgate's errors into one line on stderr and their exit code: 3 for a
/// test run that failed or timed out before writing any coverage, 2 for everything else; the
/// kit's `UsageError` is ArgumentParser's usage error (64).
func reportingErrors(_ terminal: Terminal, _ body: () throws -> ExitCode) throws {
  let code: ExitCode
  do {
    code = try body()
  } catch let error as ExitCode {
    throw error
  } catch let error as ValidationError {
    throw error
  } catch let error as UsageError {
    throw ValidationError(error.message)
  } catch {
    terminal.error(String(describing: error))
    throw RunOutcome(error: error) == .testsFailed ? ExitCode.testsFailed : ExitCode.inputError
  }
  if code != .success { throw code }
}

/// Runs a check of the command line the kit makes, its `UsageError` made ArgumentParser's
/// `ValidationError` (the usage is shown, exit 64).
func validating(_ check: () throws -> Void) throws {
  do {
    try check()
  } catch let error as UsageError {
    throw ValidationError(error.message)
  }
}
