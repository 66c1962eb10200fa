import CampgroundKit
import Foundation

/// Counts the save notifications one database posts, for tests that check a save did not happen.
final class SaveCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var saves = 0
  private let notificationCenter: NotificationCenter
  private var token: NSObjectProtocol?

  init(database: CampgroundDatabase, notificationCenter: NotificationCenter) {
    self.notificationCenter = notificationCenter
    token = notificationCenter.addObserver(
      forName: .campgroundDatabaseDidSave, object: database, queue: nil
    ) { [weak self] _ in
      self?.increment()
    }
  }

  deinit {
    if let token { notificationCenter.removeObserver(token) }
  }

  /// The saves seen so far.
  var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return saves
  }

  private func increment() {
    lock.lock()
    saves += 1
    lock.unlock()
  }
}
