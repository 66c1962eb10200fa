import CovgateSupport
import Foundation

/// What a finished command left behind.
public struct CommandResult: Sendable, Equatable {
  public var exitCode: Int32
  public var stdout: String
  public var stderr: String

  public init(exitCode: Int32, stdout: String = "", stderr: String = "") {
    self.exitCode = exitCode
    self.stdout = stdout
    self.stderr = stderr
  }
}

/// Runs external commands; the seam that unit tests replace with recorded output.
public protocol CommandRunning: Sendable {
  /// Runs `executable` with `arguments` in `directory`, capturing its output.
  func capture(_ executable: String, _ arguments: [String], in directory: String?) throws
    -> CommandResult
  /// `capture` with `environment` added to covgate's (the platform's test tools need it).
  func capture(
    _ executable: String, _ arguments: [String], in directory: String?,
    environment: [String: String]
  ) throws -> CommandResult
  /// Runs a command whose output goes straight to this process's terminal. Past `timeout`
  /// seconds (none when nil) the command is stopped with everything it started.
  func stream(
    _ executable: String, _ arguments: [String], in directory: String?, timeout: TimeInterval?
  ) throws -> StreamResult
  /// `stream`, the command's output also kept and returned (what `swift test` printed, to name
  /// the tests that failed).
  func streamKeepingOutput(
    _ executable: String, _ arguments: [String], in directory: String?, timeout: TimeInterval?
  ) throws -> (result: StreamResult, output: String)
}

extension CommandRunning {
  /// Runners that add no environment (test fakes) run the command as `capture` does.
  public func capture(
    _ executable: String, _ arguments: [String], in directory: String?,
    environment: [String: String]
  ) throws -> CommandResult {
    try capture(executable, arguments, in: directory)
  }

  /// Runners that cannot keep the output (test fakes) stream it and keep nothing.
  public func streamKeepingOutput(
    _ executable: String, _ arguments: [String], in directory: String?, timeout: TimeInterval?
  ) throws -> (result: StreamResult, output: String) {
    (try stream(executable, arguments, in: directory, timeout: timeout), "")
  }
}

/// Runs commands with `posix_spawn` in a process group of their own, their output captured
/// through pipes or streamed to covgate's; both are stopped when covgate is interrupted
/// (`Interruption`). Foundation's `Process` is not used: its wait polls every 50 ms, which
/// cost each short command (git, swift-demangle) up to that much.
public struct LiveCommandRunner: CommandRunning {
  /// How long a timed-out command gets after SIGTERM before SIGKILL.
  let stopGrace: TimeInterval

  public init(stopGrace: TimeInterval = Interruption.grace) {
    self.stopGrace = stopGrace
  }

  public func capture(_ executable: String, _ arguments: [String], in directory: String?) throws
    -> CommandResult
  {
    try capture(executable, arguments, in: directory, environment: [:])
  }

  public func capture(
    _ executable: String, _ arguments: [String], in directory: String?,
    environment: [String: String]
  ) throws -> CommandResult {
    let (process, output, errors) = try spawnIntoPipes(
      executable, arguments, in: directory, environment: environment)
    // Both pipes are drained together, so that neither fills up and blocks the command.
    let (stdout, stderr) = CommandPipe.readToEnd(output, errors)
    let result = process.wait(timeout: nil, grace: stopGrace)
    return CommandResult(
      exitCode: result.exitCode, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self))
  }

  /// Both of the command's streams go to covgate's standard error: standard output is the
  /// report's alone (`covgate run > report.txt`, `covgate mutate | less`).
  public func stream(
    _ executable: String, _ arguments: [String], in directory: String?, timeout: TimeInterval?
  ) throws -> StreamResult {
    try SpawnedProcess(executable, arguments, in: directory, output: STDERR_FILENO).wait(
      timeout: timeout, grace: stopGrace)
  }

  /// The output goes through pipes, echoed as it comes to covgate's standard error (standard
  /// output is the report's), so the command sees no terminal (as in CI: no colours, no redrawn
  /// progress lines).
  public func streamKeepingOutput(
    _ executable: String, _ arguments: [String], in directory: String?, timeout: TimeInterval?
  ) throws -> (result: StreamResult, output: String) {
    let (process, output, errors) = try spawnIntoPipes(executable, arguments, in: directory)
    // Read on its own thread: the wait below stops the command at its time limit.
    let reading = Background { CommandPipe.readToEnd(output, errors, echo: true) }
    let result = process.wait(timeout: timeout, grace: stopGrace)
    let (stdout, stderr) = try reading.value()
    return (
      result,
      String(decoding: stdout, as: UTF8.self) + "\n" + String(decoding: stderr, as: UTF8.self)
    )
  }

  /// Starts the command with its standard output and error each into a pipe; covgate keeps
  /// only the read ends (the write ends are the command's alone, so the pipes end with it).
  private func spawnIntoPipes(
    _ executable: String, _ arguments: [String], in directory: String?,
    environment: [String: String] = [:]
  ) throws -> (SpawnedProcess, CommandPipe, CommandPipe) {
    let output = try CommandPipe()
    let errors = try CommandPipe()
    let process: SpawnedProcess
    do {
      process = try SpawnedProcess(
        executable, arguments, in: directory, output: output.writeEnd, error: errors.writeEnd,
        environment: environment)
    } catch {
      output.closeBothEnds()
      errors.closeBothEnds()
      throw error
    }
    output.closeWriteEnd()
    errors.closeWriteEnd()
    return (process, output, errors)
  }
}
