import Foundation

/// A command started without waiting for it, for tests that signal it while it runs.
final class BackgroundCommand {
  let process = Process()
  private let outFile = NSTemporaryDirectory() + "covgate-bg-\(UUID().uuidString)"
  private var errFile: String { outFile + ".err" }

  /// Starts `executable` as `CLIHarness.run` would (same environment rules).
  init(
    _ executable: String, _ arguments: [String], in directory: String,
    environment: [String: String] = [:]
  ) throws {
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    var env = ProcessInfo.processInfo.environment
    for name in ["GITHUB_ACTIONS", "GITHUB_STEP_SUMMARY", "GITHUB_WORKSPACE"] { env[name] = nil }
    env.merge(environment) { $1 }
    process.environment = env
    _ = FileManager.default.createFile(atPath: outFile, contents: nil)
    _ = FileManager.default.createFile(atPath: errFile, contents: nil)
    process.standardOutput = FileHandle(forWritingAtPath: outFile)
    process.standardError = FileHandle(forWritingAtPath: errFile)
    try process.run()
  }

  deinit {
    if process.isRunning { process.terminate() }
    try? FileManager.default.removeItem(atPath: outFile)
    try? FileManager.default.removeItem(atPath: errFile)
  }

  /// Sends `signal` to the command.
  func send(_ signal: Int32) {
    kill(process.processIdentifier, signal)
  }

  /// Waits up to `seconds` for the command to exit: its result and whether it exited by
  /// itself (not killed by a signal); nil while it still runs.
  func wait(seconds: TimeInterval) -> (result: CLIHarness.Result, exited: Bool)? {
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning, Date() < deadline { usleep(20_000) }
    guard !process.isRunning else { return nil }
    let result = CLIHarness.Result(
      exitCode: process.terminationStatus,
      stdout: (try? String(contentsOfFile: outFile, encoding: .utf8)) ?? "",
      stderr: (try? String(contentsOfFile: errFile, encoding: .utf8)) ?? "")
    return (result, process.terminationReason == .exit)
  }
}
