import Foundation

/// Hands out the indexes of `order` once each, in that order, to several threads.
package final class WorkQueue: @unchecked Sendable {
  private let lock = NSLock()
  private var position = 0
  private let order: [Int]

  package init(order: [Int]) { self.order = order }

  package func next() -> Int? {
    lock.withLock {
      guard position < order.count else { return nil }
      defer { position += 1 }
      return order[position]
    }
  }
}

/// Each index's result, as threads finish them.
package final class Slots<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var results: [Result<Value, Error>?]

  package init(count: Int) { results = Array(repeating: nil, count: count) }

  package func set(_ index: Int, _ result: Result<Value, Error>) {
    lock.withLock { results[index] = result }
  }

  package func all() throws -> [Value] {
    try lock.withLock { try results.map { try $0!.get() } }
  }
}
