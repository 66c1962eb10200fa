import Foundation

/// Writes of files that a stop (Ctrl-C, a cancelled CI job) must not cut in half: covgate
/// exits before them or after them, never between. One lock for the process: `AtomicFile`
/// writes under it, and the stop takes it for good just before exiting.
public enum FileWrites {
  private static let lock = NSRecursiveLock()

  /// Runs `body`, which writes files, so that a stop waits for it.
  public static func whileWriting<T>(_ body: () throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  /// Waits for the writes under way and lets none start after: called once, before the exit.
  public static func stopForGood() {
    lock.lock()
  }
}
