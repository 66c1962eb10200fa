#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a prompt reads the user's answers; standard input in the app, a script in tests.
public protocol LineReader: Sendable {
  /// Shows `prompt` and returns the next line, or nil at the end of input.
  func readLine(prompt: String) -> String?
  /// Shows `prompt` and returns the next line without showing what is typed (a password), or
  /// nil at the end of input; throws when it cannot be read unseen.
  func readSecret(prompt: String) throws -> String?
}

/// Reads answers from standard input, writing prompts to standard output.
public struct StandardInputReader: LineReader {
  /// Creates a reader over the process's standard input.
  public init() {}

  /// Prints `prompt` without a newline and reads one line.
  public func readLine(prompt: String) -> String? {
    print(prompt, terminator: "")
    return Swift.readLine(strippingNewline: true)
  }

  /// Reads a line with the terminal's echo off (as `sudo` and `ssh` do), restored afterwards.
  /// Standard input that is not a terminal is refused: a password piped in sits in a shell's
  /// history or a script; `--password-file` is the way to hand one over.
  public func readSecret(prompt: String) throws -> String? {
    guard isatty(STDIN_FILENO) == 1 else { throw CampgroundUIError.passwordNeedsTerminal }
    var original = termios()
    guard tcgetattr(STDIN_FILENO, &original) == 0 else {
      throw CampgroundUIError.passwordNeedsTerminal
    }
    var silent = original
    silent.c_lflag &= ~tcflag_t(ECHO)
    // Echo goes off before the prompt shows: nothing typed after it is ever shown.
    _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
    print(prompt, terminator: "")
    fflush(nil)
    defer {
      _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
      // The Enter the user typed was not echoed either.
      print("")
    }
    return Swift.readLine(strippingNewline: true)
  }
}
