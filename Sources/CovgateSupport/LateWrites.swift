import Foundation

/// Files that only save time later (caches) written on a thread of their own while the run goes
/// on; `finish()` waits for them, and a run calls it before it ends.
public enum LateWrites {
  private static let queue = DispatchQueue(label: "covgate.late-writes")
  private static let pending = DispatchGroup()

  /// Runs `write` on the late writes' thread, after the ones queued before it.
  public static func enqueue(_ write: @escaping @Sendable () -> Void) {
    queue.async(group: pending, execute: write)
  }

  /// Waits until every write queued so far is done.
  public static func finish() {
    pending.wait()
  }
}
