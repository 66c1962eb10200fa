/// Where a prompt reads the user's answers; standard input in the app, a script in tests.
public protocol LineReader: Sendable {
  /// Shows `prompt` and returns the next line, or nil at the end of input.
  func readLine(prompt: String) -> String?
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
}
