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
  /// Runs a command whose output goes straight to this process's terminal. Past `timeout`
  /// seconds (none when nil) the command is stopped with everything it started.
  func stream(
    _ executable: String, _ arguments: [String], in directory: String?, timeout: TimeInterval?
  ) throws -> StreamResult
}

/// Runs captured commands with Foundation's `Process`, streamed ones with `posix_spawn` in a
/// process group of their own; both are stopped when covgate is interrupted (`Interruption`).
public struct LiveCommandRunner: CommandRunning {
  /// How long a timed-out command gets after SIGTERM before SIGKILL.
  let stopGrace: TimeInterval

  public init(stopGrace: TimeInterval = Interruption.grace) {
    self.stopGrace = stopGrace
  }

  public func capture(_ executable: String, _ arguments: [String], in directory: String?) throws
    -> CommandResult
  {
    let process = makeProcess(executable, arguments, directory)
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    let pid = try Interruption.shared.launch {
      try launch(process, executable)
      return process.processIdentifier
    }
    // Read both pipes concurrently so that neither fills up and blocks the child.
    let errorData = LockedData()
    let reader = Thread { errorData.set(stderr.fileHandleForReading.readDataToEndOfFile()) }
    reader.start()
    let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    Interruption.shared.finished(pid)
    while !errorData.isSet { usleep(1000) }
    return CommandResult(
      exitCode: process.terminationStatus,
      stdout: String(decoding: outputData, as: UTF8.self),
      stderr: String(decoding: errorData.value, as: UTF8.self))
  }

  public func stream(
    _ executable: String, _ arguments: [String], in directory: String?, timeout: TimeInterval?
  ) throws -> StreamResult {
    try SpawnedProcess(executable, arguments, in: directory).wait(
      timeout: timeout, grace: stopGrace)
  }

  private func makeProcess(_ executable: String, _ arguments: [String], _ directory: String?)
    -> Process
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    return process
  }

  private func launch(_ process: Process, _ executable: String) throws {
    do {
      try process.run()
    } catch {
      throw ToolchainError.cannotRun(tool: executable, reason: error.specificDescription)
    }
  }
}

/// Data handed from a reader thread, guarded by a lock.
private final class LockedData: @unchecked Sendable {
  private let lock = NSLock()
  private var data: Data?

  func set(_ value: Data) { lock.withLock { data = value } }
  var isSet: Bool { lock.withLock { data != nil } }
  var value: Data { lock.withLock { data ?? Data() } }
}
