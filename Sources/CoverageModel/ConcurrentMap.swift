import Dispatch

extension Array where Element: Sendable {
  /// `map` on every core: `transform` runs on several threads at once and the results keep
  /// the order of the elements.
  public func concurrentMap<T>(_ transform: @Sendable (Element) -> T) -> [T] {
    guard count > 1 else { return map(transform) }
    let slots = Slots<T>(count: count)
    DispatchQueue.concurrentPerform(iterations: count) { index in
      slots.buffer[index] = transform(self[index])
    }
    return slots.moveOut()
  }
}

/// One result slot per element; each index is written by exactly one thread.
private struct Slots<T>: @unchecked Sendable {
  let buffer: UnsafeMutableBufferPointer<T?>

  init(count: Int) {
    buffer = .allocate(capacity: count)
    buffer.initialize(repeating: nil)
  }

  /// The results moved out (no copy, no release of each) and the slots freed.
  func moveOut() -> [T] {
    defer { buffer.deallocate() }
    return (0..<buffer.count).map { (buffer.baseAddress! + $0).move()! }
  }
}
