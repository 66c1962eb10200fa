import Foundation

/// The one place covgate starts threads: each with a stack large enough for the readers'
/// recursion into nested values (8 MB, as the main thread's on Linux).
public enum Threads {
  /// The stack every thread covgate starts gets.
  public static let stackSize = 8 << 20

  /// Runs `work` on a new thread; the caller synchronises with it as it needs.
  public static func start(_ work: @escaping @Sendable () -> Void) {
    let thread = Thread(block: work)
    thread.stackSize = stackSize
    thread.start()
  }
}
