import Dispatch

extension Array where Element: Sendable {
  /// `map` on every core: `transform` runs on several threads at once and the results keep
  /// the order of the elements. Inlinable, so that callers' results are moved, not copied
  /// through generic witnesses.
  @inlinable
  public func concurrentMap<T>(_ transform: @Sendable (Element) -> T) -> [T] {
    guard count > 1 else { return map(transform) }
    let slots = ConcurrentMapSlots<T>(count: count)
    // Elements are lent to `transform` from the buffer, not copied out of the array.
    return withUnsafeBufferPointer { buffer in
      let elements = ConcurrentMapElements(buffer: buffer)
      DispatchQueue.concurrentPerform(iterations: count) { index in
        slots.buffer[index] = transform(elements.buffer[index])
      }
      return slots.moveOut()
    }
  }

  /// `concurrentMap` over runs of neighbouring elements, each run on one thread with a state of
  /// its own from `state()` (a memo of the last lookup: neighbours tend to share it); the
  /// results are then handed to `take` in order, each moved out of its slot, never copied.
  @inlinable
  public func concurrentMap<State, T>(
    state: @Sendable () -> State, _ transform: @Sendable (inout State, Element) -> T,
    thenInOrder take: (consuming T) throws -> Void
  ) rethrows {
    let slots = ConcurrentMapSlots<T>(count: count)
    defer { slots.free() }
    // Enough runs for the threads to even out, few enough for the state to pay.
    let runs = Swift.min(count, 32)
    withUnsafeBufferPointer { buffer in
      let elements = ConcurrentMapElements(buffer: buffer)
      DispatchQueue.concurrentPerform(iterations: runs) { run in
        var state = state()
        for index
          in (run * elements.buffer.count / runs)..<((run + 1) * elements.buffer.count / runs)
        {
          slots.buffer[index] = transform(&state, elements.buffer[index])
        }
      }
    }
    for index in 0..<count {
      let result = (slots.buffer.baseAddress! + index).move()!
      (slots.buffer.baseAddress! + index).initialize(to: nil)
      try take(result)
    }
  }
}

/// One result slot per element; each index is written by exactly one thread.
@usableFromInline
struct ConcurrentMapSlots<T>: @unchecked Sendable {
  @usableFromInline let buffer: UnsafeMutableBufferPointer<T?>

  @inlinable
  init(count: Int) {
    buffer = .allocate(capacity: count)
    buffer.initialize(repeating: nil)
  }

  /// The slots (each empty or holding a result) freed.
  @inlinable
  func free() {
    buffer.deinitialize()
    buffer.deallocate()
  }

  /// The results moved out (no copy, no release of each) and the slots freed.
  @inlinable
  func moveOut() -> [T] {
    defer { buffer.deallocate() }
    return [T](unsafeUninitializedCapacity: buffer.count) { results, initialized in
      for index in 0..<buffer.count {
        (results.baseAddress! + index).initialize(to: (buffer.baseAddress! + index).move()!)
      }
      initialized = buffer.count
    }
  }
}

/// The array's elements, read (never written) by several threads at once.
@usableFromInline
struct ConcurrentMapElements<Element: Sendable>: @unchecked Sendable {
  @usableFromInline let buffer: UnsafeBufferPointer<Element>

  @inlinable
  init(buffer: UnsafeBufferPointer<Element>) {
    self.buffer = buffer
  }
}
