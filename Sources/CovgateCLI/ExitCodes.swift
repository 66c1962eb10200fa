import ArgumentParser
import CoverageAcquisition
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
/// test run that failed or timed out before writing any coverage, 2 for everything else.
func reportingErrors(_ terminal: Terminal, _ body: () throws -> ExitCode) throws {
  let code: ExitCode
  do {
    code = try body()
  } catch let error as ExitCode {
    throw error
  } catch let error as ValidationError {
    throw error
  } catch let error as TestTimeout {
    terminal.error(error.description)
    throw ExitCode.testsFailed
  } catch let error as TestRunFailure {
    terminal.error(error.description)
    throw ExitCode.testsFailed
  } catch let error as XcodeTestsFailed {
    terminal.error(error.description)
    throw ExitCode.testsFailed
  } catch let error as CoverageLost {
    terminal.error(error.description)
    throw ExitCode.testsFailed
  } catch {
    terminal.error(String(describing: error))
    throw ExitCode.inputError
  }
  if code != .success { throw code }
}
