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
  /// Runs a command whose output goes straight to this process's terminal; returns its exit code.
  func stream(_ executable: String, _ arguments: [String], in directory: String?) throws -> Int32
}

/// Runs commands with Foundation's `Process`.
public struct LiveCommandRunner: CommandRunning {
  public init() {}

  public func capture(_ executable: String, _ arguments: [String], in directory: String?) throws
    -> CommandResult
  {
    let process = makeProcess(executable, arguments, directory)
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    try launch(process, executable)
    // Read both pipes concurrently so that neither fills up and blocks the child.
    let errorData = LockedData()
    let reader = Thread { errorData.set(stderr.fileHandleForReading.readDataToEndOfFile()) }
    reader.start()
    let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while !errorData.isSet { usleep(1000) }
    return CommandResult(
      exitCode: process.terminationStatus,
      stdout: String(decoding: outputData, as: UTF8.self),
      stderr: String(decoding: errorData.value, as: UTF8.self))
  }

  public func stream(_ executable: String, _ arguments: [String], in directory: String?) throws
    -> Int32
  {
    let process = makeProcess(executable, arguments, directory)
    try launch(process, executable)
    process.waitUntilExit()
    return process.terminationStatus
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
      throw ToolchainError.cannotRun(tool: executable, reason: describe(error))
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
