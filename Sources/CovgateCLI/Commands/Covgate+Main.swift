import ArgumentParser
import CovgateKit
import CovgateSupport
import Foundation

extension Covgate {
  /// Parses the command line and runs the command. Every error is one line on standard error,
  /// with the documented exit code: 64 for usage, covgate's own codes otherwise; help and
  /// version still print in full.
  public static func runFromCommandLine(
    _ arguments: [String] = Array(CommandLine.arguments.dropFirst())
  ) -> Never {
    InterruptSignals.install()
    do {
      var command = try parseAsRoot(arguments)
      try command.run()
      exitWhenWritten(ExitCode.success.rawValue)
    } catch let exit as ExitCode {
      // Raised by covgate after it printed its own one-line message (or none, for a verdict).
      exitWhenWritten(exit.rawValue)
    } catch {
      let code = exitCode(for: error)
      if code == .success {
        print(fullMessage(for: error))
        exitWhenWritten(0)
      }
      let message =
        Self.message(for: error)
        .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
          !$0.isEmpty
        }
        .joined(separator: "; ") + subcommandHint(for: arguments)
      FileHandle.standardError.write(Data("covgate: error: \(message); see `covgate help`\n".utf8))
      exitWhenWritten(code.rawValue)
    }
  }

  /// Exits with `code` once the caches being saved on their own thread are whole.
  private static func exitWhenWritten(_ code: Int32) -> Never {
    LateWrites.finish()
    Foundation.exit(code)
  }
}
