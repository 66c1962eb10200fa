import Foundation

/// What a run told its services, in order, from any thread.
final class EventLog: @unchecked Sendable {
  private let lock = NSLock()
  private var entries: [String] = []

  func add(_ event: String) { lock.withLock { entries.append(event) } }
  var events: [String] { lock.withLock { entries } }
}
