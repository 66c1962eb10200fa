import Dispatch

extension Array where Element: Sendable {
  /// `map` on every core: `transform` runs on several threads at once and the results keep
  /// the order of the elements.
  public func concurrentMap<T>(_ transform: @Sendable (Element) -> T) -> [T] {
    guard count > 1 else { return map(transform) }
    let slots = Slots<T>(count: count)
    defer { slots.free() }
    DispatchQueue.concurrentPerform(iterations: count) { index in
      slots.buffer[index] = transform(self[index])
    }
    return slots.buffer.map { $0! }
  }
}

/// One result slot per element; each index is written by exactly one thread.
private struct Slots<T>: @unchecked Sendable {
  let buffer: UnsafeMutableBufferPointer<T?>

  init(count: Int) {
    buffer = .allocate(capacity: count)
    buffer.initialize(repeating: nil)
  }

  func free() {
    _ = buffer.deinitialize()
    buffer.deallocate()
  }
}
