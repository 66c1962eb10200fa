import Foundation

/// The tests running now, and a line naming them when none has finished for a while: a per-test
/// run that seems stuck says which tests it waits on (and how long each has run) instead of
/// only its phase, so a hang is found before the time limits end it.
final class StallWatch: @unchecked Sendable {
  /// How long without a test finishing before the line is said, and again after each as long.
  let quiet: TimeInterval
  private let say: @Sendable (String) -> Void
  private let now: @Sendable () -> Date
  private let lock = NSLock()
  private var running: [Int: (name: String, start: Date)] = [:]
  private var lastProgress: Date
  private var said: Date?
  private let wake = DispatchSemaphore(value: 0)

  init(
    quiet: TimeInterval, now: @escaping @Sendable () -> Date = Date.init,
    say: @escaping @Sendable (String) -> Void
  ) {
    self.quiet = quiet
    self.now = now
    self.say = say
    lastProgress = now()
  }

  func started(_ index: Int, name: String) {
    lock.withLock { running[index] = (name, now()) }
  }

  func finished(_ index: Int) {
    lock.withLock {
      running[index] = nil
      lastProgress = now()
      said = nil
    }
  }

  /// The line to say now, if the run has been quiet for `quiet` seconds since the last test
  /// finished (or since it was last said); nil otherwise.
  func check() -> String? {
    lock.withLock {
      let time = now()
      let since = said ?? lastProgress
      guard !running.isEmpty, time.timeIntervalSince(since) >= quiet else { return nil }
      said = time
      let tests = running.values.sorted { $0.start < $1.start }.map {
        "\($0.name) (\(Int(time.timeIntervalSince($0.start))) s)"
      }
      let quietFor = Int(time.timeIntervalSince(lastProgress))
      return "no test finished for \(quietFor) s; running: \(tests.joined(separator: ", "))"
    }
  }

  /// Checks every few seconds on a thread of its own until `stop`.
  func start() {
    Thread.detachNewThread { [self] in
      let interval = min(5, quiet)
      while wake.wait(timeout: .now() + interval) == .timedOut {
        if let line = check() { say(line) }
      }
    }
  }

  func stop() {
    wake.signal()
  }
}
