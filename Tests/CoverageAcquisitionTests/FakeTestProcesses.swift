import CoverageAcquisition
import Foundation

/// A `TestProcessLaunching` fake: each test "runs" by writing a profile where
/// `LLVM_PROFILE_FILE` says (unless it crashes) and ending as scripted by its ID.
final class FakeTestProcesses: TestProcessLaunching, @unchecked Sendable {
  private let lock = NSLock()
  /// How a test ends, by the last argument (its ID or filter); passing when not scripted.
  private let endings: [String: StreamResult]
  /// How long a test runs, by its ID (0.02 s when not given).
  private let durations: [String: TimeInterval]
  private(set) var launched: [[String]] = []
  private(set) var running = 0
  private(set) var mostAtOnce = 0

  init(endings: [String: StreamResult] = [:], durations: [String: TimeInterval] = [:]) {
    self.endings = endings
    self.durations = durations
  }

  func run(
    _ executable: String, _ arguments: [String], in directory: String?,
    environment: [String: String],
    log: String, timeout: TimeInterval?
  ) throws -> StreamResult {
    lock.withLock {
      launched.append([executable] + arguments)
      running += 1
      mostAtOnce = max(mostAtOnce, running)
    }
    Thread.sleep(forTimeInterval: durations[arguments.last ?? ""] ?? 0.02)
    defer { lock.withLock { running -= 1 } }
    let ending = endings[arguments.last ?? ""] ?? StreamResult(exitCode: 0)
    try "output of \(arguments.last ?? "")\n".write(toFile: log, atomically: true, encoding: .utf8)
    if ending.signal == nil, !ending.timedOut, let pattern = environment["LLVM_PROFILE_FILE"] {
      let path = pattern.replacingOccurrences(of: "%p", with: "4242")
      _ = FileManager.default.createFile(atPath: path, contents: Data([1]))
    }
    return ending
  }
}
