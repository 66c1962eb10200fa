import CoverageAcquisition
import Foundation

/// A `CommandRunning` fake that answers from recorded output and records what was run.
final class RecordedRunner: CommandRunning, @unchecked Sendable {
  private let lock = NSLock()
  private let captures: [String: CommandResult]
  private let streamResult: StreamResult
  private let onStream: @Sendable () -> Void
  private(set) var commands: [String] = []
  /// The `timeout` of each streamed command.
  private(set) var timeouts: [TimeInterval?] = []

  init(
    captures: [String: CommandResult], streamExitCode: Int32 = 0, streamTimedOut: Bool = false,
    onStream: @escaping @Sendable () -> Void = {}
  ) {
    self.captures = captures
    self.streamResult = StreamResult(exitCode: streamExitCode, timedOut: streamTimedOut)
    self.onStream = onStream
  }

  func capture(_ executable: String, _ arguments: [String], in directory: String?) throws
    -> CommandResult
  {
    let command = ([executable] + arguments).joined(separator: " ")
    lock.withLock { commands.append(command) }
    // Match on the command without file arguments that vary (profile lists).
    if let exact = captures[command] { return exact }
    if let prefix = captures.keys.sorted(by: { $0.count > $1.count }).first(where: {
      command.hasPrefix($0)
    }) {
      return captures[prefix]!
    }
    return CommandResult(exitCode: 127, stderr: "not recorded: \(command)")
  }

  func stream(
    _ executable: String, _ arguments: [String], in directory: String?, timeout: TimeInterval?
  ) throws -> StreamResult {
    lock.withLock {
      commands.append(([executable] + arguments).joined(separator: " "))
      timeouts.append(timeout)
    }
    onStream()
    return streamResult
  }
}
