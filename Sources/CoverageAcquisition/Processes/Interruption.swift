import CovgateSupport
import Foundation

/// What covgate does when it is told to stop (SIGINT from Ctrl-C, SIGTERM from a cancelled CI
/// job): the signal goes on to every process covgate is waiting for and everything they
/// started, and once they are gone covgate exits with 128 + the signal (130, 143), never in
/// the middle of writing a file and never starting anything new.
///
/// `LiveCommandRunner` starts its children through `launch` and reports them with
/// `finished`; `AtomicFile` and the report writer wrap their writes in `whileWriting`. The
/// CLI turns the signals into calls to `stop(signal:)`.
public final class Interruption: @unchecked Sendable {
  /// The one instance: signals are process-wide.
  public static let shared = Interruption()

  /// How long the processes get to exit after the forwarded signal before SIGKILL.
  public static let grace: TimeInterval = 5

  private let lock = NSLock()
  private var children: Set<pid_t> = []
  private var signal: Int32?

  private init() {}

  /// Whether a stop signal has arrived.
  public var isInterrupted: Bool { lock.withLock { signal != nil } }

  /// Starts a child with `spawn` (which returns its pid) and remembers it until `finished`.
  /// Once covgate is stopping, nothing new starts: the calling thread waits here for the exit.
  public func launch(_ spawn: () throws -> pid_t) rethrows -> pid_t {
    lock.lock()
    guard signal == nil else {
      lock.unlock()
      Self.waitForExit()
    }
    defer { lock.unlock() }
    let pid = try spawn()
    children.insert(pid)
    return pid
  }

  /// Forgets a child that exited. When covgate is stopping, the calling thread waits here for
  /// the exit, so that nothing after the child (merging, reporting) runs.
  public func finished(_ pid: pid_t) {
    let stopping = lock.withLock {
      children.remove(pid)
      return signal != nil
    }
    if stopping { Self.waitForExit() }
  }

  /// Runs `body`, which writes files, so that a stop waits for it: covgate exits before the
  /// writes or after them, never between.
  public func whileWriting<T>(_ body: () throws -> T) rethrows -> T {
    try FileWrites.whileWriting(body)
  }

  /// Forwards `signal` to every running child and everything it started (SIGKILL after
  /// `grace` seconds), waits until they are gone and no file is being written, then hands the
  /// signal to `exit` (the CLI says so in one line and exits with 128 + the signal).
  public func stop(signal received: Int32, then exit: (Int32) -> Never) -> Never {
    let running = lock.withLock {
      signal = signal ?? received
      return children
    }
    for pid in running {
      ProcessTree.terminate(root: pid, signal: received, grace: Self.grace)
      // Reap it here, as the thread waiting for it may be parked already: no zombie is left.
      var status: Int32 = 0
      _ = waitpid(pid, &status, WNOHANG)
    }
    FileWrites.stopForGood()
    exit(received)
  }

  private static func waitForExit() -> Never {
    while true { sleep(60) }
  }
}
