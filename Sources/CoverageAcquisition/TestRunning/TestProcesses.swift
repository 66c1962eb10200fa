import Foundation

/// Starts test processes: the seam the per-test runner's unit tests replace with a fake.
public protocol TestProcessLaunching: Sendable {
  /// Runs `executable` with `environment` added to covgate's, its output into the file `log`;
  /// past `timeout` seconds it is stopped with everything it started.
  func run(
    _ executable: String, _ arguments: [String], in directory: String?,
    environment: [String: String],
    log: String, timeout: TimeInterval?
  ) throws -> StreamResult
  /// Ends what the launcher kept running between tests, once the tests have run; returns what
  /// the user should know about how they ran (one line each).
  func finish() -> [String]
}

extension TestProcessLaunching {
  public func finish() -> [String] { [] }
}

/// Test processes started with `posix_spawn`, in a process group of their own, stopped with
/// covgate when it is interrupted.
public struct LiveTestProcesses: TestProcessLaunching {
  let stopGrace: TimeInterval
  /// What `finish` says once about how the tests ran (why not from test servers).
  let note: String?

  public init(stopGrace: TimeInterval = Interruption.grace, note: String? = nil) {
    self.stopGrace = stopGrace
    self.note = note
  }

  public func finish() -> [String] { note.map { [$0] } ?? [] }

  public func run(
    _ executable: String, _ arguments: [String], in directory: String?,
    environment: [String: String],
    log: String, timeout: TimeInterval?
  ) throws -> StreamResult {
    let descriptor = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw ToolchainError.cannotRun(
        tool: executable, reason: "cannot write \(log): \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    return try SpawnedProcess(
      executable, arguments, in: directory, output: descriptor, error: descriptor,
      environment: environment
    ).wait(timeout: timeout, grace: stopGrace)
  }
}
